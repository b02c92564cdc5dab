#!/bin/sh
# Megabytes of output: 80 MB of comment lines on stdout, then exit 0.
yes 'c noise noise noise noise noise noise noise' | head -c 80000000
