LuaT -- a precompiled chunk: the ESC header of Lua bytecode, which must never be loaded
return { abilities = {} }
