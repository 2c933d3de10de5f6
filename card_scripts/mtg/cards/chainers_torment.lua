-- Chainer's Torment (Saga). I, II: 2 damage to each opponent, and its controller gains 2 life.
-- III: an X/X black Nightmare Horror token, X being half its controller's life rounded up; then
-- X damage to them. (The printed source of that damage is the token; here the Saga's ability
-- deals it: no card of this pool tells the two apart, as neither has lifelink or deathtouch.)
return {
  abilities = {
    { kind = "chapter", chapters = { 1, 2 }, label = "torment",
      resolve = function(ctx)
        ctx:damage("opponent", 2)
        ctx:gain_life(2)
      end },
    { kind = "chapter", chapter = 3, label = "a Nightmare Horror",
      resolve = function(ctx)
        local life = ctx:life("you")
        local x = life > 0 and (life + 1) // 2 or 0
        local made = ctx:create_token("Nightmare Horror Token", 1, { power = x, toughness = x })
        if made[1] and x > 0 then ctx:damage("you", x) end
      end },
  },
}
