/* aq-launch TAG CALL_ID EXECUTABLE [ARG...]
 * Process tree: L (this process, the suite's child) -> K (keeper, child subreaper,
 * own process group) -> M (sacrificial parent, back in L's group) -> A (the adapter).
 * L exits mirroring A's status; K outlives it until every descendant is gone.
 * TAG and CALL_ID are only read from the command line, by the suite's accounting. */
#include <stdio.h>
#include "launch.h"

int main(int argc, char **argv) {
  if (argc < 4) {
    fprintf(stderr, "usage: aq-launch TAG CALL_ID EXECUTABLE [ARG...]\n");
    return 125;
  }
  launch(argv + 3);
}
