-- Leave globals behind for other cards, through _G, _ENV and plain assignment.
secret_plain = "leaked"
_G.secret_g = "leaked"
_ENV.secret_env = "leaked"
return { abilities = { { kind = "activate", resolve = function(ctx)
  secret_later = "leaked"
  return secret_plain
end } } }
