"""``python -m deboiler_gui``: the same entry point as the ``deboiler-gui`` command."""

from deboiler_gui.cli import main

if __name__ == "__main__":
    main()
