// Times tdoku (../shared/peers/tdoku, BSD-2; linked, never copied into sudoku-lab) per puzzle on a
// file of 81-character lines and prints one CSV row in the columns of `sudoku-lab bench --csv`
// (solver, puzzles, solved, infeasible, limit, total_s, us_mean, us_median, guesses_per_puzzle,
// no_guess_pct, memory, solutions, multiple). Parsing is outside the timed region, as in `bench`.
//
//   driver PUZZLES.txt [PASSES] [SOLUTIONS]
//
// PASSES solves the file that many times in order (`bench --passes`): a puzzle's time is the
// median of its solves, total_s the mean pass. SOLUTIONS is tdoku's limit: 1 stops at the first
// solution (checked against the givens and the rules after each pass), 2 proves uniqueness (tdoku
// then returns only the count; `multiple` counts puzzles with two or more solutions).
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

#include "tdoku.h"

static double median(std::vector<double> xs) {
    if (xs.empty()) return 0.0;
    std::sort(xs.begin(), xs.end());
    size_t n = xs.size();
    return n % 2 ? xs[n / 2] : (xs[n / 2 - 1] + xs[n / 2]) / 2.0;
}

// Whether `grid` keeps the givens of `puzzle` and every row, column and box holds 1-9 once.
static bool is_solution_of(const std::string &puzzle, const char *grid) {
    for (int i = 0; i < 81; i++) {
        if (grid[i] < '1' || grid[i] > '9') return false;
        if (puzzle[i] != '.' && puzzle[i] != grid[i]) return false;
    }
    for (int u = 0; u < 9; u++) {
        unsigned row = 0, col = 0, box = 0;
        for (int j = 0; j < 9; j++) {
            row |= 1u << (grid[9 * u + j] - '0');
            col |= 1u << (grid[9 * j + u] - '0');
            box |= 1u << (grid[27 * (u / 3) + 3 * (u % 3) + 9 * (j / 3) + j % 3] - '0');
        }
        if (row != 0x3fe || col != 0x3fe || box != 0x3fe) return false;
    }
    return true;
}

int main(int argc, char **argv) {
    if (argc < 2) {
        std::fprintf(stderr, "usage: %s PUZZLES.txt [PASSES] [SOLUTIONS]\n", argv[0]);
        return 2;
    }
    std::ifstream in(argv[1]);
    if (!in) {
        std::fprintf(stderr, "%s: cannot read\n", argv[1]);
        return 2;
    }
    int passes = argc > 2 ? std::max(1, std::atoi(argv[2])) : 1;
    int limit = argc > 3 ? std::max(1, std::atoi(argv[3])) : 1;
    std::vector<std::string> puzzles;
    std::string line;
    size_t number = 0;
    while (std::getline(in, line)) {
        number++;
        size_t a = line.find_first_not_of(" \t\r");
        if (a == std::string::npos || line[a] == '#') continue;
        std::string p = line.substr(a, 81);
        if (p.size() != 81) {
            std::fprintf(stderr, "%s:%zu: expected 81 cells\n", argv[1], number);
            return 2;
        }
        for (char &c : p) {
            if (c == '0') c = '.';
            if (c != '.' && (c < '1' || c > '9')) {
                std::fprintf(stderr, "%s:%zu: expected a digit 1-9, '.' or '0'\n", argv[1], number);
                return 2;
            }
        }
        puzzles.push_back(p);
    }
    std::vector<std::vector<double>> times(puzzles.size());
    std::vector<size_t> counts(puzzles.size()), guesses(puzzles.size());
    std::vector<std::string> answers(puzzles.size(), std::string(81, '.'));
    double total_s = 0.0;
    for (int pass = 0; pass < passes; pass++) {
        auto pass_start = std::chrono::steady_clock::now();
        for (size_t i = 0; i < puzzles.size(); i++) {
            auto start = std::chrono::steady_clock::now();
            counts[i] = TdokuSolverDpllTriadSimd(puzzles[i].c_str(), limit, 0, &answers[i][0], &guesses[i]);
            auto end = std::chrono::steady_clock::now();
            times[i].push_back(std::chrono::duration<double>(end - start).count());
        }
        total_s += std::chrono::duration<double>(std::chrono::steady_clock::now() - pass_start).count() / passes;
        if (limit == 1) {
            for (size_t i = 0; i < puzzles.size(); i++) {
                if (counts[i] > 0 && !is_solution_of(puzzles[i], answers[i].c_str())) {
                    std::fprintf(stderr, "%s: wrong answer for puzzle %zu\n", argv[1], i + 1);
                    return 1;
                }
            }
        }
    }
    std::vector<double> per(puzzles.size());
    double sum = 0.0, guess_sum = 0.0;
    size_t solved = 0, multiple = 0, no_guess = 0;
    for (size_t i = 0; i < puzzles.size(); i++) {
        per[i] = median(times[i]);
        sum += per[i];
        solved += counts[i] > 0;
        multiple += counts[i] > 1;
        guess_sum += guesses[i];
        no_guess += guesses[i] == 0;
    }
    double n = std::max<size_t>(puzzles.size(), 1);
    std::printf("solver,puzzles,solved,infeasible,limit,total_s,us_mean,us_median,guesses_per_puzzle,no_guess_pct,"
                "memory,solutions,multiple\n");
    std::printf("tdoku,%zu,%zu,%zu,0,%.9f,%.6f,%.6f,%.4f,%.4f,0,%d,%zu\n", puzzles.size(), solved,
                puzzles.size() - solved, total_s, sum * 1e6 / n, median(per) * 1e6, guess_sum / n,
                100.0 * no_guess / n, limit, multiple);
    return 0;
}
