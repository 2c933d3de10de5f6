-- Run a command through the os library.
return { abilities = { { kind = "activate", resolve = function(ctx)
  return os.execute("touch /tmp/rulestack-pwned")
end } } }
