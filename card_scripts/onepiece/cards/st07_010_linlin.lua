-- Charlotte Linlin (ST07-010). [On Play]: your opponent chooses one (8-4-4): they trash the top card
-- of their Life, or you add the top card of your deck to the top of your Life.
return {
  abilities = {
    { kind = "on_play",
      resolve = function(ctx)
        local pick = ctx:choose_option({ "trash the top card of your Life",
                                         "your opponent adds the top card of their deck to their Life" },
                                       "Charlotte Linlin: choose one", "opponent")
        if pick == 1 then
          local top = ctx:life_card("opponent", "top")
          if top ~= nil then ctx:trash_life(top) end
        else
          local top = ctx:top_cards("deck", 1)   -- the top card, unseen (it goes face down)
          if #top > 0 then ctx:add_to_life(top[1]) end
        end
      end },
  },
}
