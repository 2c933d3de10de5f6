-- No.178 符ノ壱"博麗 霊夢" (text ours). (自動β) When this character is played and enters the field, draw 1.
return {
  abilities = {
    { kind = "auto_beta", label = "draw on entering", trigger = { on = "entered_field", self = true, played = true },
      resolve = function(ctx) ctx:draw(1) end },
  },
}
