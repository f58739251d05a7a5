"""Rating files of puzzles: the run (``runner``), the output formats (``output``), the run identity
that ``--resume`` checks (``resume``), the local worker pool (``workers``) and Dask (``cluster``)."""
