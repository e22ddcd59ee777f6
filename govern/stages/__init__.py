"""The DVC stages, one module each, run as ``python -m govern.stages.<name>`` in a project folder.

Each reads its section of ``params.yaml`` (``govern.stage.stage_params``), calls one govern
function and writes the outputs ``dvc.yaml`` declares, so a project made by ``govern init`` runs
them from the installed package. ``sample`` writes the bundled demo corpus and model; the others
work on any project's data.
"""
