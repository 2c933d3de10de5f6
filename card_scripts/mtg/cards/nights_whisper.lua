-- Night's Whisper: its caster draws two cards and loses 2 life.
return {
  abilities = {
    { kind = "spell", resolve = function(ctx)
        ctx:draw(2)
        ctx:lose_life(2)
      end },
  },
}
