//! Drawing on one chart: a [`Chart`] with labelled axes and grid, and on it series (interquartile
//! band, line, filled or hollow markers, crosses where runs were stopped), the time-limit line,
//! peak markers and interval whiskers.

use plotters::coord::Shift;
use plotters::prelude::*;

use super::axis::{Axis, Scale};
use super::series::{Point, Series};
use super::style::{line_style, marker_style, Look, Marker, GRID, GRID_LIGHT, INK, LIMIT_DASH};
use super::FONT;

/// A chart whose coordinates are drawing space on both axes.
pub(super) type Chart<'a, DB> = ChartContext<'a, DB, Cartesian2d<Scale, Scale>>;

/// A chart with labelled axes and grid on `area`.
pub(super) fn chart<'a, DB>(
    area: &'a DrawingArea<DB, Shift>,
    title: &str,
    x: &Axis,
    y: &Axis,
) -> anyhow::Result<Chart<'a, DB>>
where
    DB: DrawingBackend,
    DB::ErrorType: 'static,
{
    let mut builder = ChartBuilder::on(area);
    builder.margin(8).margin_right(18).x_label_area_size(50).y_label_area_size(68);
    if !title.is_empty() {
        builder.caption(title, (FONT, 17));
    }
    let mut chart = builder.build_cartesian_2d(x.spec(), y.spec())?;
    chart
        .configure_mesh()
        .x_desc(x.desc.as_str())
        .y_desc(y.desc.as_str())
        .x_label_formatter(&|v| x.tick_label(*v))
        .y_label_formatter(&|v| y.tick_label(*v))
        .label_style((FONT, 13))
        .axis_desc_style((FONT, 14))
        .bold_line_style(GRID)
        .light_line_style(GRID_LIGHT)
        .draw()?;
    Ok(chart)
}

/// A polyline in `look`'s dash pattern.
fn draw_line<DB>(chart: &mut Chart<'_, DB>, pts: Vec<(f64, f64)>, look: Look) -> anyhow::Result<()>
where
    DB: DrawingBackend,
    DB::ErrorType: 'static,
{
    let style = line_style(look.color);
    match look.dash.pattern() {
        None => chart.draw_series(LineSeries::new(pts, style))?,
        Some((dash, gap)) => chart.draw_series(DashedLineSeries::new(pts, dash, gap, style))?,
    };
    Ok(())
}

/// Markers of one shape: filled, or hollow and larger for censored medians.
fn draw_markers<DB>(chart: &mut Chart<'_, DB>, pts: &[(f64, f64)], look: Look, hollow: bool) -> anyhow::Result<()>
where
    DB: DrawingBackend,
    DB::ErrorType: 'static,
{
    let (style, size) = marker_style(look, hollow);
    let pts = pts.iter().copied();
    match look.marker {
        Marker::Circle => chart.draw_series(pts.map(|p| Circle::new(p, size, style)))?,
        Marker::Triangle => chart.draw_series(pts.map(|p| TriangleMarker::new(p, size + 1, style)))?,
        Marker::Square => chart
            .draw_series(pts.map(|p| EmptyElement::at(p) + Rectangle::new([(-size, -size), (size, size)], style)))?,
    };
    Ok(())
}

/// Draws every one of `series` on `chart` (see [`draw_series`]), spreading their limit crosses.
pub(super) fn draw_all_series<DB>(
    chart: &mut Chart<'_, DB>,
    axes: (&Axis, &Axis),
    series: &[Series],
    band: bool,
    limit: Option<f64>,
) -> anyhow::Result<()>
where
    DB: DrawingBackend,
    DB::ErrorType: 'static,
{
    for (i, s) in series.iter().enumerate() {
        draw_series(chart, axes, s, band, limit, (i, series.len()))?;
    }
    Ok(())
}

/// Draws `series` (band, line, markers, limit crosses) on `chart`; `slot` = (index, count) of the
/// series spreads the crosses on the limit line sideways so they do not hide one another.
fn draw_series<DB>(
    chart: &mut Chart<'_, DB>,
    (x, y): (&Axis, &Axis),
    series: &Series,
    band: bool,
    limit: Option<f64>,
    slot: (usize, usize),
) -> anyhow::Result<()>
where
    DB: DrawingBackend,
    DB::ErrorType: 'static,
{
    let pts: Vec<(f64, f64)> = series.points.iter().map(|p| (x.at(p.x), y.at(p.y))).collect();
    if band && pts.len() >= 2 {
        let upper = series.points.iter().map(|p| (x.at(p.x), y.at(p.hi)));
        let lower = series.points.iter().rev().map(|p| (x.at(p.x), y.at(p.lo)));
        let outline: Vec<(f64, f64)> = upper.chain(lower).collect();
        chart.draw_series(std::iter::once(Polygon::new(outline, series.look.color.mix(0.13).filled())))?;
    }
    draw_line(chart, pts, series.look)?;
    let (hollow, filled): (Vec<&Point>, Vec<&Point>) = series.points.iter().partition(|p| p.censored);
    let coords = |v: Vec<&Point>| v.iter().map(|p| (x.at(p.x), y.at(p.y))).collect::<Vec<_>>();
    draw_markers(chart, &coords(filled), series.look, false)?;
    draw_markers(chart, &coords(hollow), series.look, true)?;
    if let Some(limit) = limit {
        // At most ±12 pixels in all, so the crosses stay over their α.
        let step = (24 / slot.1.max(1) as i32).clamp(1, 6);
        let dx = (2 * slot.0 as i32 + 1 - slot.1 as i32) * step / 2;
        let crosses = series.points.iter().filter(|p| p.stopped > 0).map(|p| {
            EmptyElement::at((x.at(p.x), y.at(limit))) + Cross::new((dx, 0), 5, line_style(series.look.color))
        });
        chart.draw_series(crosses)?;
    }
    Ok(())
}

/// A vertical bar with short caps from each point's `lo` to its `hi` (an interval, such as a
/// share's Wilson interval), thin and light in `series`' colour, so its line and markers stand out.
pub(super) fn draw_whiskers<DB>(
    chart: &mut Chart<'_, DB>,
    (x, y): (&Axis, &Axis),
    series: &Series,
) -> anyhow::Result<()>
where
    DB: DrawingBackend,
    DB::ErrorType: 'static,
{
    let style = ShapeStyle { color: series.look.color.mix(0.55), filled: false, stroke_width: 1 };
    for p in &series.points {
        let (at, lo, hi) = (x.at(p.x), y.at(p.lo), y.at(p.hi));
        chart.draw_series(std::iter::once(PathElement::new(vec![(at, lo), (at, hi)], style)))?;
        let caps = [lo, hi].map(|end| EmptyElement::at((at, end)) + PathElement::new(vec![(-3, 0), (3, 0)], style));
        chart.draw_series(caps)?;
    }
    Ok(())
}

/// The dashed grey "time limit" line across the chart; the legend names it (a label in the chart
/// would sit on the points at the limit).
pub(super) fn draw_limit<DB>(chart: &mut Chart<'_, DB>, x: &Axis, y: &Axis, limit: f64) -> anyhow::Result<()>
where
    DB: DrawingBackend,
    DB::ErrorType: 'static,
{
    let level = y.at(limit);
    let (dash, gap) = LIMIT_DASH;
    chart.draw_series(DashedLineSeries::new(vec![(x.lo, level), (x.hi, level)], dash, gap, line_style(INK)))?;
    Ok(())
}

/// A vertical dashed marker at `at` (the peak α) spanning the drawn y range `span`; the figure's
/// notes say which solvers peak there (a label in the chart would cover the lines).
pub(super) fn draw_peak<DB>(
    chart: &mut Chart<'_, DB>,
    span: std::ops::Range<f64>,
    at: f64,
    color: RGBColor,
) -> anyhow::Result<()>
where
    DB: DrawingBackend,
    DB::ErrorType: 'static,
{
    let style = ShapeStyle { color: color.mix(0.8), filled: false, stroke_width: 1 };
    chart.draw_series(DashedLineSeries::new(vec![(at, span.start), (at, span.end)], 4, 4, style))?;
    Ok(())
}
