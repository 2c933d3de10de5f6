-- Hand the host a library function instead of one of the script's own.
return { abilities = { { kind = "activate", resolve = string.rep } } }
