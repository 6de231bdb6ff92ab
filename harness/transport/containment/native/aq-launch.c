/* aq-launch TAG CALL_ID EXECUTABLE [ARG...]
 * Process tree: L (this process, the suite's child) -> K (keeper, child subreaper,
 * own process group) -> M (sacrificial parent, back in L's group) -> A (the adapter).
 * L exits mirroring A's status; K outlives it until every descendant is gone. With
 * AQ_LAUNCH_STATUS_FD=N in its environment, L writes A's status on fd N at once and exits after K.
 * TAG and CALL_ID are only read from the command line, by the suite's accounting. */
#include <stdio.h>
#include <stdlib.h>
#include "launch.h"

/* AQ_LAUNCH_STATUS_FD=N (read, then removed from the adapter's environment): the status fd of launch(). */
static int status_fd_from_environment(void) {
  const char *text = getenv("AQ_LAUNCH_STATUS_FD");
  int fd = -1;
  if (text != NULL) {
    char *end;
    long value = strtol(text, &end, 10);
    if (*text != '\0' && *end == '\0' && value > 2 && value < 1024) fd = (int)value;
    unsetenv("AQ_LAUNCH_STATUS_FD");
  }
  return fd;
}

int main(int argc, char **argv) {
  if (argc < 4) {
    fprintf(stderr, "usage: aq-launch TAG CALL_ID EXECUTABLE [ARG...]\n");
    return 125;
  }
  launch(argv + 3, status_fd_from_environment());
}
