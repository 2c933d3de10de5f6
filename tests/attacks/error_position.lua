-- A runtime error: the message names the card, file and line.
return { abilities = {
  { kind = "activate", resolve = function(ctx)
    local target = nil
    return target.power
  end },
  { kind = "activate", resolve = function(ctx)
    error("no legal target")
  end },
  { kind = "activate", resolve = function(ctx)
    local s = string.rep()   -- not a tail call: a tail call would replace this frame
    return s
  end },
} }
