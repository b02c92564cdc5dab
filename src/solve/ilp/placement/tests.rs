//! Tests of `ilp-placement`'s parts as specifications.
