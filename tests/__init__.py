"""The test suite, one folder per subsystem (a package, so that two folders may hold files of the
same name); shared helpers beside this file: ``tests.helpers``, ``tests.simulator``,
``tests.serve_helpers`` and the fixtures of conftest.py."""
