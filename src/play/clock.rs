//! The game clock: play time that stops while the game is paused.
//!
//! It never reads the system clock: each call takes `now`, the time since the program started,
//! so tests (and the replay of events) are deterministic.

use std::time::Duration;

/// Play time: the time banked before the last resume, and when that resume happened.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Clock {
    banked: Duration,
    since: Option<Duration>,
}

impl Clock {
    /// A clock running from `now` with nothing banked.
    pub fn started(now: Duration) -> Clock {
        Clock { banked: Duration::ZERO, since: Some(now) }
    }

    /// A paused clock showing `elapsed` (a restored game).
    pub fn paused_at(elapsed: Duration) -> Clock {
        Clock { banked: elapsed, since: None }
    }

    /// The play time at `now`.
    pub fn elapsed(&self, now: Duration) -> Duration {
        self.banked + self.since.map_or(Duration::ZERO, |s| now.saturating_sub(s))
    }

    /// True while paused.
    pub fn is_paused(&self) -> bool {
        self.since.is_none()
    }

    /// Stops the clock at `now` (no effect when paused).
    pub fn pause(&mut self, now: Duration) {
        self.banked = self.elapsed(now);
        self.since = None;
    }

    /// Starts the clock again at `now` (no effect when running).
    pub fn resume(&mut self, now: Duration) {
        if self.since.is_none() {
            self.since = Some(now);
        }
    }
}

/// `m:ss` (or `h:mm:ss`).
pub fn clock_text(d: Duration) -> String {
    let s = d.as_secs();
    if s >= 3600 {
        format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
    } else {
        format!("{}:{:02}", s / 60, s % 60)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paused_time_does_not_count() {
        let s = Duration::from_secs;
        let mut clock = Clock::started(s(10));
        assert_eq!(clock.elapsed(s(15)), s(5));
        clock.pause(s(15));
        assert_eq!(clock.elapsed(s(100)), s(5));
        clock.resume(s(100));
        assert_eq!(clock.elapsed(s(103)), s(8));
    }
}
