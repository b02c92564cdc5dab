//! The data a bootstrap resamples, and the two-stage resampling itself.
//!
//! Instances sit in strata (one stratum for a plain sample; one per size for a growth law, one
//! per α for a peak). Each instance holds one list of unit values per channel: one channel per
//! solver (two for a paired comparison), one unit per solver seed (usually one). An instance's
//! value in a channel is the mean of its units.
//!
//! One resample (Davison & Hinkley 1997, *Bootstrap Methods and their Application*, §3.8, the
//! two-stage bootstrap of clustered data): in every stratum, draw as many instances as it has,
//! uniformly with replacement; for each drawn instance and channel, draw as many units as it has,
//! with replacement, and average them. The channels of an instance move together, so a paired
//! comparison keeps its pairing; the seeds of different solvers are not paired (distinct seeds
//! reach distinct solvers), so they are drawn independently. An instance with one unit needs no
//! second draw and uses none of the stream.

use std::ops::Range;

use rand::distr::{Distribution, Uniform};

use super::bootstrap::Bootstrap;
use super::run::Run;

/// Instances in strata with their unit values per channel, ready to resample.
#[derive(Debug, Clone)]
pub(crate) struct Clusters {
    channels: usize,
    /// Every unit value, instance by instance, channel by channel.
    units: Vec<f64>,
    /// Per instance and channel (`instance * channels + channel`): where its units are in `units`.
    spans: Vec<Range<usize>>,
    /// Per stratum: its instances.
    strata: Vec<Range<usize>>,
}

/// Instance-level values laid out by channel and stratum: the data themselves, or one resample.
#[derive(Debug, Clone)]
pub(crate) struct Draw {
    /// `values[channel * instances + slot]`; slots run stratum by stratum.
    values: Vec<f64>,
    instances: usize,
    strata: Vec<Range<usize>>,
}

impl Draw {
    /// The values of `channel`, every stratum.
    pub(crate) fn channel(&self, channel: usize) -> &[f64] {
        &self.values[channel * self.instances..(channel + 1) * self.instances]
    }

    /// The values of `channel` in `stratum`.
    pub(crate) fn stratum(&self, channel: usize, stratum: usize) -> &[f64] {
        let slots = &self.strata[stratum];
        &self.channel(channel)[slots.clone()]
    }
}

impl Clusters {
    /// No instances yet, `channels` (≥ 1) lists of units per instance, one open stratum.
    pub(crate) fn new(channels: usize) -> Clusters {
        assert!(channels > 0, "an instance has at least one channel");
        Clusters { channels, units: Vec::new(), spans: Vec::new(), strata: std::iter::once(0..0).collect() }
    }

    /// Adds an instance to the open stratum: one non-empty list of unit values per channel.
    pub(crate) fn add(&mut self, per_channel: &[&[f64]]) {
        assert_eq!(per_channel.len(), self.channels, "one list of units per channel");
        for units in per_channel {
            self.push_units(units.iter().copied());
        }
        self.strata.last_mut().expect("a stratum is always open").end += 1;
    }

    /// Adds an instance from its runs per channel (each non-empty), a run's unit given by `unit`.
    pub(crate) fn add_runs<R: AsRef<[Run]>>(&mut self, per_channel: &[R], unit: impl Fn(&Run) -> f64) {
        assert_eq!(per_channel.len(), self.channels, "one list of runs per channel");
        for runs in per_channel {
            self.push_units(runs.as_ref().iter().map(&unit));
        }
        self.strata.last_mut().expect("a stratum is always open").end += 1;
    }

    /// Appends one channel's units of the instance being added.
    fn push_units(&mut self, units: impl Iterator<Item = f64>) {
        let start = self.units.len();
        self.units.extend(units);
        assert!(self.units.len() > start, "every instance has a unit in every channel");
        self.spans.push(start..self.units.len());
    }

    /// Instances added from now on form a new stratum (nothing changes while the open stratum is
    /// still empty, so no stratum is ever empty).
    pub(crate) fn begin_stratum(&mut self) {
        let end = self.instances();
        if !self.strata.last().expect("a stratum is always open").is_empty() {
            self.strata.push(end..end);
        }
    }

    /// Instances added.
    pub(crate) fn instances(&self) -> usize {
        self.spans.len() / self.channels
    }

    /// The instance-level values of the data themselves (each instance the mean of its units).
    pub(crate) fn observed(&self) -> Draw {
        let n = self.instances();
        let mut values = vec![0.0; self.channels * n];
        for c in 0..self.channels {
            for i in 0..n {
                let units = &self.units[self.spans[i * self.channels + c].clone()];
                values[c * n + i] = units.iter().sum::<f64>() / units.len() as f64;
            }
        }
        Draw { values, instances: n, strata: self.strata.clone() }
    }

    /// `boot.resamples` two-stage resamples; `stat` maps each to `outputs` numbers. Returns one
    /// vector of B replicates per output.
    ///
    /// Complexity: O(B · (U + cost of `stat`)) time for U units, O(B · outputs + U) space; the
    /// loop over resamples allocates nothing.
    pub(crate) fn replicate(
        &self,
        boot: &Bootstrap,
        outputs: usize,
        mut stat: impl FnMut(&Draw, &mut [f64]),
    ) -> Vec<Vec<f64>> {
        let n = self.instances();
        let uniform = |len: usize| Uniform::new(0, u32::try_from(len).expect("fewer than 2^32 items")).ok();
        let strata: Vec<Option<Uniform<u32>>> = self.strata.iter().map(|s| uniform(s.len())).collect();
        let seeds: Vec<Option<Uniform<u32>>> =
            self.spans.iter().map(|s| if s.len() > 1 { uniform(s.len()) } else { None }).collect();
        let mut rng = boot.rng();
        let mut draw = Draw { values: vec![0.0; self.channels * n], instances: n, strata: self.strata.clone() };
        let mut out = vec![0.0; outputs];
        let mut replicates = vec![Vec::with_capacity(boot.resamples); outputs];
        for _ in 0..boot.resamples {
            for (stratum, pick) in self.strata.iter().zip(&strata) {
                let Some(pick) = pick else { continue };
                for slot in stratum.clone() {
                    let instance = stratum.start + pick.sample(&mut rng) as usize;
                    for c in 0..self.channels {
                        let at = instance * self.channels + c;
                        let span = &self.spans[at];
                        draw.values[c * n + slot] = match &seeds[at] {
                            None => self.units[span.start],
                            Some(seed) => {
                                let sum: f64 = (0..span.len())
                                    .map(|_| self.units[span.start + seed.sample(&mut rng) as usize])
                                    .sum();
                                sum / span.len() as f64
                            }
                        };
                    }
                }
            }
            stat(&draw, &mut out);
            for (series, value) in replicates.iter_mut().zip(&out) {
                series.push(*value);
            }
        }
        replicates
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn two_strata() -> Clusters {
        let mut data = Clusters::new(2);
        data.add(&[&[1.0], &[10.0]]);
        data.add(&[&[2.0, 4.0], &[20.0]]);
        data.begin_stratum();
        data.add(&[&[5.0], &[50.0, 70.0]]);
        data.begin_stratum();
        data
    }

    #[test]
    fn observed_values_average_the_units() {
        let draw = two_strata().observed();
        assert_eq!(draw.channel(0), &[1.0, 3.0, 5.0]);
        assert_eq!(draw.channel(1), &[10.0, 20.0, 60.0]);
        assert_eq!(draw.stratum(1, 1), &[60.0]);
    }

    #[test]
    fn resamples_keep_strata_and_pairs() {
        let data = two_strata();
        let mut seen = std::collections::BTreeSet::new();
        data.replicate(&Bootstrap { resamples: 200, ..Bootstrap::new(3) }, 0, |draw, _| {
            for slot in 0..3 {
                let (a, b) = (draw.channel(0)[slot], draw.channel(1)[slot]);
                // b is 10 × a's instance in stratum 0; the seeds of one instance are averaged.
                match slot {
                    0 | 1 => assert!(
                        (a, b) == (1.0, 10.0) || ([2.0, 3.0, 4.0].contains(&a) && b == 20.0),
                        "pairs move together: {a}, {b}"
                    ),
                    _ => assert!(a == 5.0 && [50.0, 60.0, 70.0].contains(&b)),
                }
                seen.insert((slot, a.to_bits(), b.to_bits()));
            }
        });
        assert!(seen.contains(&(1, 2.0_f64.to_bits(), 20.0_f64.to_bits())), "seeds are resampled");
        assert!(seen.contains(&(2, 5.0_f64.to_bits(), 70.0_f64.to_bits())));
    }

    #[test]
    fn replicates_are_fixed_by_the_seed() {
        let data = two_strata();
        let run = |seed| {
            data.replicate(&Bootstrap { resamples: 50, ..Bootstrap::new(seed) }, 1, |d, out| {
                out[0] = d.channel(0).iter().sum()
            })
        };
        assert_eq!(run(1), run(1));
        assert_ne!(run(1), run(2));
    }
}
