"""Puzzles to order: conditions, attempts and the neighbourhood climb (``generator``), the
``generate`` command (``cli``) and its run file (``resume``)."""
