"""One module per ``terts`` command (``registry`` names them): each declares its parameters in
a ``command`` function (or a ``group`` Typer for ``check`` and ``rules``), calls the library and
hands the result to ``report``; none is imported unless its command runs or help lists them."""
