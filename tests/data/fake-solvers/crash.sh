#!/bin/sh
# Dies of a segmentation fault.
echo "about to crash" >&2
kill -SEGV $$
