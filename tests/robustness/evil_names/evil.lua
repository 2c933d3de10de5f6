-- A card whose script logs markup, a terminal escape, bidi isolates, a C1 control and a forged
-- line (every byte written as a decimal escape): see tests/robustness/test_escaping.py.
return { abilities = { { kind = 'when', trigger = { on = 'played', self = true },
  resolve = function(ctx) ctx:log("\027\091\050\074\060\047\115\099\114\105\112\116\062\060\098\032\111\110\109\111\117\115\101\111\118\101\114\061\097\108\101\114\116\040\051\041\062\226\129\166\080\049\032\119\105\110\115\226\129\169\194\133\010\080\048\032\108\111\115\101\115") end } } }
