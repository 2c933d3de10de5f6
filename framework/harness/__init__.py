"""The harness: what modders and harness users touch every day.

- :mod:`~rulestack.harness.scenario_format` and :mod:`~rulestack.harness.scenario_run`:
  scenario files (card tests as data), read strictly and run through the real game loop;
  the pytest plugin that collects them is :mod:`rulestack.testing.plugin`.
- :mod:`~rulestack.harness.replay`: recording a game and verifying it later.
- :mod:`~rulestack.harness.simulate`: many random games on local processes or Ray.
- :mod:`~rulestack.harness.terminal`: a person takes a seat at the terminal.
- :mod:`~rulestack.harness.apidoc`: the Lua API reference, generated from the code.
- :mod:`~rulestack.harness.systems`: a system with a modder's own card data added.
- :mod:`~rulestack.harness.cli`: the ``replay``, ``simulate`` and ``lua-api`` commands.
"""
