"""``python -m govern``."""

from govern.cli import main

if __name__ == "__main__":
    main()
