-- Hand Ward Imp (test card): a Quick Effect used from the hand, in either player's turn:
-- pay 100 LP (cost); gain 600 LP.
return { abilities = { { kind = "quick", zone = "hand", cost = { { "pay_lp", 100 } },
                         resolve = function(ctx) ctx:gain_lp("you", 600) end } } }
