-- Sentinel: a well-behaved card that uses the libraries and the host, to show after an attack
-- that the sandbox still works and that nothing the attack did is visible to another card.
return {
  abilities = {
    { kind = "spell", resolve = function(ctx)
        local text = ("x"):rep(3) .. string.upper("a") .. math.floor(2.5) .. table.concat({ "b", "c" })
        local clean = python == nil and io == nil and getmetatable("") == false
          and secret_plain == nil and secret_g == nil and secret_env == nil and secret_later == nil
          and hoard == nil and fired == nil and type(coroutine.create) == "function"
        return text, clean, ctx:life("you")
      end },
  },
}
