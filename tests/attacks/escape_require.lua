-- Load a C module (or any module) through require.
return { abilities = { { kind = "activate", resolve = function(ctx)
  return require("io").open("/etc/passwd")
end } } }
