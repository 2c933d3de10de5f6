-- A hang while the script is being loaded, before it returns its table.
while true do end
return { abilities = {} }
