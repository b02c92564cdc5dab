//! Statistics for the report and the figures. Here so far: quantiles and least-squares fits
//! ([`describe`]).

mod describe;

pub(crate) use describe::{linear_fit, median, quantile, LinearFit};
