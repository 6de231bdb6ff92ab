#!/bin/sh
# Floods stderr forever and never answers.
exec yes 'error: something went wrong, again and again' >&2
