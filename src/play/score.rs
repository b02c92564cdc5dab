//! The score, as the origin Python terminal game defined it.
//!
//! Each move (a digit typed into a cell) is scored on its own:
//! - a **valid** move (the digit repeats nowhere in its row, column or box) earns
//!   100 × (new digit − old digit), so writing 7 over an empty cell earns 700 and writing 2 over a 7
//!   loses 500;
//! - an **invalid** move (the digit repeats in a house) costs 200;
//! - every whole second spent thinking since the previous move costs 10.
//!
//! The Python game rejected invalid moves; this game places them (so `check` can show the
//! conflict) but scores them the same way.

use std::time::Duration;

/// Points per unit of digit for a valid move.
pub const VALID_PER_DIGIT: i64 = 100;
/// Points of an invalid move.
pub const INVALID: i64 = -200;
/// Points per whole second of thinking.
pub const PER_SECOND: i64 = -10;

/// The points of the move itself: `100 × (new − old)` when valid, −200 when not.
pub fn move_points(valid: bool, old: u8, new: u8) -> i64 {
    if valid {
        VALID_PER_DIGIT * (i64::from(new) - i64::from(old))
    } else {
        INVALID
    }
}

/// The thinking penalty: −10 per whole second since the previous move.
pub fn thinking_points(thinking: Duration) -> i64 {
    PER_SECOND * thinking.as_secs() as i64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_valid_move_earns_a_hundred_per_digit_gained() {
        assert_eq!(move_points(true, 0, 7), 700);
        assert_eq!(move_points(true, 7, 2), -500);
    }

    #[test]
    fn an_invalid_move_costs_two_hundred_whatever_the_digit() {
        assert_eq!(move_points(false, 0, 9), -200);
        assert_eq!(move_points(false, 3, 1), -200);
    }

    #[test]
    fn thinking_costs_ten_per_whole_second() {
        assert_eq!(thinking_points(Duration::from_millis(999)), 0);
        assert_eq!(thinking_points(Duration::from_millis(12_500)), -120);
    }
}
