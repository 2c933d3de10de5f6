-- Harbor Silencer (test card): your opponent cannot activate effects or Events, and cannot attack.
return { abilities = {
  { kind = "permanent", prohibits = { "activate", "attack" }, player = "opponent" },
} }
