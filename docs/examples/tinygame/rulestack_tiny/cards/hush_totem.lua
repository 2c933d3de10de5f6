-- Hush Totem: units on the field lose all their abilities.
return {
  abilities = {
    { kind = "static", modify = { { op = "remove_abilities", affects = { zone = "field", type = "unit" } } } },
  },
}
