"""The frozen program's entry point (see packaging/mahjong.spec): the `mahjong` command."""
import multiprocessing

from game.__main__ import run

if __name__ == "__main__":
    multiprocessing.freeze_support()    # the arena's worker processes start from this program
    run()
