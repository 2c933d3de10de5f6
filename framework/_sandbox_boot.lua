-- rulestack Lua sandbox bootstrap (trusted code).
--
-- framework/sandbox.py runs this chunk once per LuaSandbox, in the runtime's global environment,
-- before any card script exists. It captures everything it needs as upvalues, builds guarded
-- replacements for the dangerous parts of the standard library, locks the shared metatables,
-- scrubs the global environment and returns the API table that only Python sees.
--
-- Card scripts never see this chunk's locals: each script gets a fresh private environment of
-- Lua closures and shallow library copies (new_env), so the only things a script can reach are
-- values placed in that table. Notes: /work/shared/notes/lua-sandbox.md (section 4).
local cfg, HOST_METHODS, PY_RANDOM = ...

local INSTRUCTION_LIMIT = cfg.instruction_limit
local CPU_SECONDS = cfg.cpu_seconds
local HOOK_COUNT = cfg.hook_count          -- VM instructions between two hook calls
local MAX_DEPTH = cfg.max_depth            -- nested calls (host method -> call -> ...)
local MAX_DATA_DEPTH = cfg.max_data_depth  -- table nesting in data crossing the boundary
local MAX_NODES = cfg.max_nodes            -- values in one piece of data crossing the boundary
local MAX_REP = cfg.max_rep                -- bytes a single string.rep may produce
local MAX_VALUES = cfg.max_values          -- values a single unpack/byte/codepoint may return
local PATTERN_LIMIT = cfg.pattern_limit    -- worst-case matcher steps allowed per pattern call
local PLAIN_LIMIT = cfg.plain_limit        -- worst-case byte comparisons per plain find
local HOST_CALL_COST = cfg.host_call_cost -- instructions one host call is charged
-- cfg.turn_allowance / cfg.game_allowance: instructions one script may use per turn / per game,
-- over all its calls (read from cfg where used: the main chunk is at Lua's limit of locals).
local BOOT_SOURCE = cfg.boot_source        -- "=" .. chunk name of this file
local BOOT_PREFIX = string.sub(BOOT_SOURCE, 2) .. ":"

-- Capture the originals before anything is scrubbed.
local _G = _G
local sethook, getinfo = debug.sethook, debug.getinfo
local getregistry, dgetmetatable, traceback = debug.getregistry, debug.getmetatable, debug.traceback
local dsetmetatable = debug.setmetatable
-- (kept in cfg, not in locals: the main chunk is at Lua's limit of 200 locals; see settle_env)
cfg.getupvalue, cfg.setupvalue, cfg.upvalueid = debug.getupvalue, debug.setupvalue, debug.upvalueid
local load, pcall, xpcall, error, type, select, next = load, pcall, xpcall, error, type, select, next
local pairs, ipairs, assert, tonumber, tostring = pairs, ipairs, assert, tonumber, tostring
local rawget, rawset, rawequal, rawlen = rawget, rawset, rawequal, rawlen
local setmetatable, getmetatable = setmetatable, getmetatable
local cocreate, coresume, corunning = coroutine.create, coroutine.resume, coroutine.running
local costatus, coyield, coclose, coisyieldable = coroutine.status, coroutine.yield, coroutine.close,
  coroutine.isyieldable
local os_clock = os.clock
local s_byte, s_sub, s_find, s_gsub, s_format = string.byte, string.sub, string.find, string.gsub, string.format
local s_rep, s_match, s_gmatch, s_upper, s_lower = string.rep, string.match, string.gmatch, string.upper,
  string.lower
local s_reverse, s_char, s_len = string.reverse, string.char, string.len
local t_concat, t_insert, t_remove, t_move = table.concat, table.insert, table.remove, table.move
local t_sort, t_unpack, t_pack = table.sort, table.unpack, table.pack
local m_type, m_tointeger, m_huge, m_log = math.type, math.tointeger, math.huge, math.log
local m_mininteger, m_maxinteger = math.mininteger, math.maxinteger
local u_len, u_codepoint, u_offset, u_char, u_codes = utf8.len, utf8.codepoint, utf8.offset, utf8.char,
  utf8.codes
local lua_random = math.random

-- An integer argument as the C library reads it (numeric strings are converted too, so a guard
-- cannot be fooled by "1e15" where the C function sees 10^15).
local function toint(v)
  if type(v) == "string" then v = tonumber(v) end
  return m_tointeger(v)
end
local MATH = math

-- Without a host random source, math.random still has to be deterministic (replays).
math.randomseed(0)

local MEMERR = "not enough memory"   -- Lua's preallocated memory-error message
local HOST_RAISED = "host function raised an exception"

---------------------------------------------------------------------------------------------------
-- Per-call state. One "frame" per LuaSandbox.call / load; nested frames save the outer frame's
-- values in SAVE (preallocated, so entering and leaving a frame never allocates) and restore them.
---------------------------------------------------------------------------------------------------
local budget = 0              -- instructions left in the running frame
local deadline = m_huge       -- os.clock() value at which the running frame is out of CPU time
local killed = false          -- sticky: the message of the frame's kill, or false
local kill_kind = false       -- "limit" | "memory" | "host"
local host_t0 = false         -- os.clock() when the frame entered a host method, or false
local cur_source = false      -- chunk name of the script the frame runs
local depth = 0
local err_line = false        -- line in cur_source where the last error or kill happened

local SLOTS = 9
local SAVE = {}
for i = 1, (MAX_DEPTH + 2) * SLOTS do SAVE[i] = false end

-- Tables a script built at load time, made read-only for its calls (see settle_env): the
-- proxy the script holds -> the table that holds the contents.
local FROZEN = setmetatable({}, {__mode = "k"})
local TRUSTED = {}            -- the runner's own functions: the hook never raises inside them

-- The count hook. Installed on the main thread for the duration of a call, and on every
-- coroutine a script creates. Sticky: once a frame is killed, every later tick raises again, and
-- the wrapped pcall/xpcall/coroutine functions re-raise, so a script cannot swallow the kill.
local function hook()
  budget = budget - HOOK_COUNT
  local reason
  if killed then
    reason = killed
  elseif budget < 0 then
    reason = "instruction limit exceeded"
  elseif os_clock() > deadline then
    reason = "time limit exceeded"
  else
    return
  end
  -- Level 2 is the function that was interrupted. Never raise inside the runner itself: it must
  -- be able to restore the outer state after the script's pcall returned.
  if TRUSTED[getinfo(2, "f").func] then return end
  if not killed then killed, kill_kind = reason, "limit" end
  error(killed, 0)
end

local function die(reason, kind)
  if not killed then killed, kill_kind = reason, kind or "limit" end
  error(killed, 0)
end

-- Charge work done inside C functions (which run no VM instructions) to the budget.
local function charge(n)
  budget = budget - n
  if budget < 0 or killed then die("instruction limit exceeded") end
end

local function check_clock()
  if os_clock() > deadline then die("time limit exceeded") end
end

-- Pass results through after a heavy C call, checking the CPU deadline.
local function after_heavy(...)
  if os_clock() > deadline then die("time limit exceeded") end
  return ...
end

---------------------------------------------------------------------------------------------------
-- Error-catching functions for scripts: they re-raise a kill (and a memory error, which is
-- treated as a kill so a script cannot keep running at the memory cap).
---------------------------------------------------------------------------------------------------
-- A stack overflow is fatal too: near the C-stack limit the hook itself cannot be called (the
-- call raises "C stack overflow" instead), so a script that recursed to the limit and swallowed
-- the errors there would never be charged or stopped.
local function fatal_error(e)
  if rawequal(e, MEMERR) then die(MEMERR, "memory") end
  local te = type(e)
  if te == "string" and (e == "error in error handling" or s_find(e, "stack overflow", 1, true)) then
    die("stack overflow (recursion too deep)")
  end
  -- Scripts cannot make userdata: this is a Python exception lupa raised into Lua (possible only
  -- if a signal interrupts a dispatcher outside its try block). Never let a script keep it.
  if te == "userdata" then die(HOST_RAISED, "host") end
end

local function caught(ok, ...)
  if killed then error(killed, 0) end
  if not ok then fatal_error((...)) end
  return ok, ...
end

local function s_pcall(f, ...)
  return caught(pcall(f, ...))
end

local function s_xpcall(f, handler, ...)
  if type(handler) ~= "function" then
    error("bad argument #2 to 'xpcall' (function expected, got " .. type(handler) .. ")", 2)
  end
  return caught(xpcall(f, function(e)
    if killed then return e end      -- never run script code while a kill unwinds
    return handler(e)
  end, ...))
end

local function s_cocreate(f)
  charge(64)
  if not SAVE[depth * SLOTS + 9] then
    -- A coroutine made at load time would keep its locals from one call to the next (issue 11).
    error("coroutines cannot be made while the script loads (a suspended coroutine would keep "
      .. "state between calls): make them inside a call", 2)
  end
  local co = cocreate(f)
  -- Lua hooks are per thread and a new coroutine gets no Lua hook function: install ours.
  sethook(co, hook, "", HOOK_COUNT)
  return co
end

local function s_coresume(co, ...)
  return caught(coresume(co, ...))
end

local function s_coclose(co)
  return caught(coclose(co))
end

local function wrap_results(co, ok, ...)
  if killed then error(killed, 0) end
  if ok then return ... end
  local e = ...
  fatal_error(e)
  coclose(co)   -- like coroutine.wrap: close the dead coroutine's pending to-be-closed variables
  if killed then error(killed, 0) end
  if type(e) == "string" then error(e, 2) end
  error(e, 0)
end

local function s_cowrap(f)
  local co = s_cocreate(f)
  return function(...)
    return wrap_results(co, coresume(co, ...))
  end
end

local function s_setmetatable(t, mt)
  -- __gc finalizers run with hooks disabled and can corrupt lupa's object tables (notes, sec. 2).
  -- Lua only marks an object for finalization when its metatable has __gc at this moment.
  if type(mt) == "table" and rawget(mt, "__gc") ~= nil then
    error("__gc metamethods are not allowed in card scripts", 2)
  end
  local inner = FROZEN[mt]
  if inner then
    -- A metatable built at load time (a class): Lua reads metamethods raw, so the table gets a
    -- copy of its contents (a write into that copy stays with the table, not the class).
    local c = {}
    for k, v in next, inner do c[k] = v end
    mt = c
  end
  return setmetatable(t, mt)
end

-- tostring without addresses: "table", "function", ... unless the value has its own __tostring.
local function s_tostring(v)
  local tv = type(v)
  if tv == "string" or tv == "number" or tv == "boolean" or tv == "nil" then return tostring(v) end
  local mt = dgetmetatable(v)
  if tv == "table" and mt and rawget(mt, "__tostring") ~= nil then return tostring(v) end
  return tv
end

---------------------------------------------------------------------------------------------------
-- Guarded string functions. Argument errors are left to the original functions.
---------------------------------------------------------------------------------------------------
local function strlen(s)
  local ts = type(s)
  if ts == "string" then return #s end
  if ts == "number" then return #tostring(s) end
  return 0
end

local function g_rep(s, n, sep)
  local k = toint(n)
  if k and k > 0 then
    -- In floats: an integer product could wrap around and pass the check.
    local size = strlen(s) * (k + 0.0) + strlen(sep) * (k - 1.0)
    if size > MAX_REP then
      die(s_format("string.rep result too large (%.0f bytes, limit %d)", size, MAX_REP), "memory")
    end
    if k > MAX_REP then   -- even an empty result loops k times in C
      die(s_format("string.rep: too many repetitions (%d, limit %d)", k, MAX_REP))
    end
    charge((k + size) // 16)
  end
  return s_rep(s, n, sep)
end

local function bytewise(f)
  return function(s, ...)
    local n = strlen(s)
    if n > 4096 then
      charge(n >> 4)
      return after_heavy(f(s, ...))
    end
    return f(s, ...)
  end
end

-- Bound on the values a call may return, from the string length and optional i, j (like sub).
local function range_count(len, i, j, default_j)
  i = toint(i or 1)
  j = toint(j or default_j)
  if not i or not j then return 0 end   -- let the original raise its argument error
  if i < 0 then i = len + i + 1 end
  if j < 0 then j = len + j + 1 end
  if i < 1 then i = 1 end
  if j > len then j = len end
  return j - i + 1
end

local function g_byte(s, i, j)
  local n = strlen(s)
  if n > MAX_VALUES and range_count(n, i, j, i or 1) > MAX_VALUES then
    die("string.byte: too many values (limit " .. MAX_VALUES .. ")")
  end
  return s_byte(s, i, j)
end

local function g_codepoint(s, i, j, lax)
  local n = strlen(s)
  if n > MAX_VALUES and range_count(n, i, j, i or 1) > MAX_VALUES then
    die("utf8.codepoint: too many values (limit " .. MAX_VALUES .. ")")
  end
  if n > 4096 then charge(n >> 4) end
  return u_codepoint(s, i, j, lax)
end

-- Pattern shape: (anchored, quantifiers, optionals, weight). Quantifiers (*, +, -, %b, back
-- references) each multiply the matcher's worst case by the subject length, optionals (?) by 2.
-- The weight is what one attempt at every item costs: 1 per single character or class, and the
-- length of a set ([...] or %f[...]), which the matcher scans byte by byte on every test.
local SHAPES, nshapes = {}, 0

local function skip_set(p, i, m)
  i = i + 1                                      -- past '['
  if s_byte(p, i) == 94 then i = i + 1 end       -- '^'
  if s_byte(p, i) == 93 then i = i + 1 end       -- a leading ']' is literal
  while i <= m do
    local c = s_byte(p, i)
    if c == 37 then i = i + 2                    -- '%x'
    elseif c == 93 then return i + 1             -- ']'
    else i = i + 1 end
  end
  return i
end

local function pattern_shape(p)
  local shape = SHAPES[p]
  if shape then return shape end
  local m = #p
  local i, q, opt, weight = 1, 0, 0, 0
  local anchored = s_byte(p, 1) == 94
  if anchored then i = 2 end
  while i <= m do
    local c = s_byte(p, i)
    local single = true
    local start = i
    if c == 37 then                              -- '%'
      local d = s_byte(p, i + 1)
      if d == 98 then                            -- %bxy scans to the balancing char
        q, i, single = q + 1, i + 4, false
      elseif d == 102 then                       -- %f[set]: the set is scanned at each test
        i, single = skip_set(p, i + 2, m), false
        weight = weight + (i - start)
      elseif d and d >= 48 and d <= 57 then      -- back reference
        q, i, single = q + 1, i + 2, false
      else
        i = i + 2
      end
    elseif c == 91 then                          -- '['
      i = skip_set(p, i, m)
      weight = weight + (i - start)
    elseif c == 40 or c == 41 then               -- captures are not items
      i, single = i + 1, false
    else
      i = i + 1
    end
    weight = weight + 1
    if single then
      local nx = s_byte(p, i)
      if nx == 42 or nx == 43 or nx == 45 then q, i = q + 1, i + 1        -- '*', '+', '-'
      elseif nx == 63 then opt, i = opt + 1, i + 1 end                   -- '?'
    end
  end
  shape = {anchored, q, opt, weight}
  if nshapes >= 256 then SHAPES, nshapes = {}, 0 end
  SHAPES[p] = shape
  nshapes = nshapes + 1
  return shape
end

local SPECIALS = "[%^%$%*%+%?%.%(%)%[%]%%%-]"

-- Refuse a pattern call whose worst case is too slow; charge and clock-check the others.
local function guard_pattern(what, s, p, plain, allow_anchor, repl)
  if type(p) ~= "string" and type(p) ~= "number" then return 0 end
  p = type(p) == "number" and tostring(p) or p
  local n = strlen(s)
  local cost
  if plain or (what == "find" and not s_find(p, SPECIALS)) then
    cost = (n + 1) * (#p + 1)                    -- memchr/memcmp search
    if cost > PLAIN_LIMIT then die(what .. ": subject and pattern too long for a plain search") end
    cost = cost >> 6
  else
    charge(#p)                                   -- the shape scan itself
    local shape = pattern_shape(p)
    local starts = (allow_anchor and shape[1]) and 1 or (n + 1)
    cost = starts * (n + 1.0) ^ shape[2] * 2.0 ^ shape[3] * (shape[4] + 1)
    -- A replacement table with a metatable may walk a long __index chain per match.
    if repl ~= nil and type(repl) == "table" and dgetmetatable(repl) then cost = cost * 2000 end
    if cost > PATTERN_LIMIT then
      die(s_format("string.%s: pattern too complex for a subject of %d bytes", what, n))
    end
  end
  charge(n >> 4)
  return cost
end

local HEAVY = 1e5   -- estimated steps above which a call re-checks the CPU deadline

local function g_find(s, p, init, plain)
  if guard_pattern("find", s, p, plain, true) > HEAVY then return after_heavy(s_find(s, p, init, plain)) end
  return s_find(s, p, init, plain)
end

local function g_match(s, p, init)
  if guard_pattern("match", s, p, false, true) > HEAVY then return after_heavy(s_match(s, p, init)) end
  return s_match(s, p, init)
end

local function g_gsub(s, p, repl, n)
  if guard_pattern("gsub", s, p, false, true, repl) > HEAVY then
    return after_heavy(s_gsub(s, p, repl, n))
  end
  local r, k = s_gsub(s, p, repl, n)
  if #r > 4096 then charge(#r >> 4) end
  return r, k
end

local function g_gmatch(s, p, init)
  local heavy = guard_pattern("gmatch", s, p, false, false) > HEAVY
  local it = s_gmatch(s, p, init)
  return function()
    charge(1)
    if heavy then return after_heavy(it()) end
    return it()
  end
end

local function g_format(fmt, ...)
  if type(fmt) == "string" then
    -- %p prints addresses; "%%" is a literal percent sign.
    if s_find(fmt, "%", 1, true) and s_find(s_gsub(fmt, "%%%%", ""), "%%[-+ #0-9.]*p") then
      error("string.format: '%p' is not allowed", 2)
    end
  end
  local n = select("#", ...)
  local size = strlen(fmt) + n
  local args
  for i = 1, n do
    local v = select(i, ...)
    local tv = type(v)
    if tv == "string" then
      size = size + #v
    elseif tv ~= "number" and tv ~= "boolean" and tv ~= "nil" then
      -- Render tables, functions, ... through s_tostring so that %s never shows an address.
      args = args or t_pack(...)
      args[i] = s_tostring(v)
    end
  end
  charge(size >> 4)
  if args then return s_format(fmt, t_unpack(args, 1, n)) end
  return s_format(fmt, ...)
end

local SAFE_STRING = {
  byte = g_byte, char = s_char, find = g_find, format = g_format, gmatch = g_gmatch, gsub = g_gsub,
  len = s_len, lower = bytewise(s_lower), match = g_match, rep = g_rep, reverse = bytewise(s_reverse),
  sub = string.sub, upper = bytewise(s_upper),
}

---------------------------------------------------------------------------------------------------
-- Guarded table functions. On a table with a metatable every element access may walk a long
-- __index chain inside C (up to 2000 tables), so the ranges allowed there are much smaller.
---------------------------------------------------------------------------------------------------
local RAW_RANGE, META_RANGE = cfg.max_table_range, 1024

local function guard_range(what, t, count, other)
  if type(t) ~= "table" then return end           -- the original raises the argument error
  local limit = (dgetmetatable(t) or (other and dgetmetatable(other))) and META_RANGE or RAW_RANGE
  if count > limit then die(s_format("table.%s: range too large (%.0f elements, limit %d)", what, count, limit)) end
  if count > 0 then charge(count // 1) end
end

-- The length the C function will use. A __len metamethod could answer one length here and
-- another to the C function (which asks again), so tables with __len are refused: the guard and
-- the C function then both see the primitive length.
local function len_of(what, t)
  if type(t) ~= "table" then return 0 end        -- the original raises the argument error
  if FROZEN[t] then   -- insert, remove, sort (the readers pass the contents, see g_concat)
    error("cannot change a table the script built at load time (table." .. what .. "): a card "
      .. "keeps its state in the game, with ctx:remember", 1)
  end
  local mt = dgetmetatable(t)
  if mt and rawget(mt, "__len") ~= nil then
    die(s_format("table.%s: tables with a __len metamethod are not allowed", what))
  end
  return rawlen(t)
end

local function g_concat(t, sep, i, j)
  t = FROZEN[t] or t
  local fi = toint(i or 1) or 1
  local lj = toint(j == nil and len_of("concat", t) or j) or 0
  guard_range("concat", t, lj - (fi + 0.0) + 1)
  local r = t_concat(t, sep, i, j)
  if #r > 4096 then charge(#r >> 4); check_clock() end
  return r
end

local function g_insert(t, ...)
  local n = len_of("insert", t)
  if select("#", ...) >= 2 then                   -- insert at a position: shifts elements in C
    local pos = toint((...)) or 1
    guard_range("insert", t, n - (pos + 0.0) + 1)
  end
  return t_insert(t, ...)
end

local function g_remove(t, ...)
  local n = len_of("remove", t)
  if select("#", ...) >= 1 then
    local pos = toint((...)) or 1
    guard_range("remove", t, n - (pos + 0.0) + 1)
  end
  return t_remove(t, ...)
end

local function g_move(a1, f, e, tpos, a2)
  if FROZEN[a2 or a1] then len_of("move", a2 or a1) end   -- the destination: refused
  a1 = FROZEN[a1] or a1
  local fi, ej = toint(f), toint(e)
  if fi and ej then guard_range("move", a1, ej - (fi + 0.0) + 1, a2) end
  return t_move(a1, f, e, tpos, a2)
end

local function g_sort(t, comp)
  local n = len_of("sort", t)
  guard_range("sort", t, n)
  if n > 1 then charge(n * (m_log(n, 2) // 1)) end
  if n > 10000 then return after_heavy(t_sort(t, comp)) end
  return t_sort(t, comp)
end

local function g_unpack(t, i, j)
  t = FROZEN[t] or t
  local fi = toint(i or 1) or 1
  local lj = toint(j == nil and len_of("unpack", t) or j) or 0
  local count = lj - (fi + 0.0) + 1
  if count > MAX_VALUES then die("table.unpack: too many values (limit " .. MAX_VALUES .. ")") end
  guard_range("unpack", t, count)
  return t_unpack(t, i, j)
end

local SAFE_TABLE = {
  concat = g_concat, insert = g_insert, move = g_move, pack = t_pack, remove = g_remove,
  sort = g_sort, unpack = g_unpack,
}

local function g_utf8_len(s, ...)
  local n = strlen(s)
  if n > 4096 then charge(n >> 4) end
  return u_len(s, ...)
end

local function g_utf8_offset(s, ...)
  local n = strlen(s)
  if n > 4096 then charge(n >> 4) end
  return u_offset(s, ...)
end

local SAFE_UTF8 = {
  char = u_char, charpattern = utf8.charpattern, codepoint = g_codepoint, codes = u_codes,
  len = g_utf8_len, offset = g_utf8_offset,
}

---------------------------------------------------------------------------------------------------
-- Deterministic traversal. Lua's hash order depends on a per-runtime random seed (string hashes)
-- and on addresses, so `pairs` and `next` could walk the same table in a different order in two
-- runs of the same game. Scripts get versions that walk keys in a fixed order: integers
-- ascending, then other numbers, then strings (byte order), then false and true; keys of other
-- types (tables, functions) last, in the raw order (a script that keys a table by tables gets
-- no promise). The walk is over the keys present when it began (Lua only allows changing or
-- clearing existing fields during a traversal anyway).
---------------------------------------------------------------------------------------------------
local d_next, d_pairs
do
local SNAP = setmetatable({}, {__mode = "k"})   -- table -> {keys, pos} of the running next() walk

local function ordered_keys(t)
  local ints, nums, strs, others = {}, {}, {}, {}
  local ni, nn, ns, no = 0, 0, 0, 0
  local hasfalse, hastrue = false, false
  for k in next, t do
    local tk = type(k)
    if tk == "number" then
      if m_type(k) == "integer" then ni = ni + 1; ints[ni] = k else nn = nn + 1; nums[nn] = k end
    elseif tk == "string" then ns = ns + 1; strs[ns] = k
    elseif k == false then hasfalse = true
    elseif k == true then hastrue = true
    else no = no + 1; others[no] = k end
  end
  local n = ni + nn + ns + no
  charge(n)
  if n > 1 then charge(n * (m_log(n, 2) // 1)) end
  if ni > 1 then t_sort(ints) end
  if nn > 1 then t_sort(nums) end
  if ns > 1 then t_sort(strs) end
  local keys = ints
  for i = 1, nn do keys[ni + i] = nums[i] end
  local m = ni + nn
  for i = 1, ns do keys[m + i] = strs[i] end
  m = m + ns
  if hasfalse then m = m + 1; keys[m] = false end
  if hastrue then m = m + 1; keys[m] = true end
  for i = 1, no do keys[m + i] = others[i] end
  return keys, m + no
end

function d_next(t, k)
  if type(t) ~= "table" then return next(t, k) end   -- the original raises the argument error
  t = FROZEN[t] or t
  local snap = SNAP[t]
  local i
  if k == nil then
    local keys, n = ordered_keys(t)
    snap = {keys, false, n}
    SNAP[t] = snap
    i = 0
  else
    if snap then
      local pos = snap[2]
      if not pos then
        pos = {}
        local keys = snap[1]
        for j = 1, snap[3] do pos[keys[j]] = j end
        charge(snap[3])
        snap[2] = pos
      end
      i = pos[k]
    end
    if i == nil then
      if rawget(t, k) == nil then error("invalid key to 'next'", 2) end
      local keys, n = ordered_keys(t)            -- a walk that did not start with next(t, nil)
      local pos = {}
      for j = 1, n do pos[keys[j]] = j end
      snap = {keys, pos, n}
      SNAP[t] = snap
      i = pos[k]
    end
  end
  local keys = snap[1]
  for j = i + 1, snap[3] do
    local key = keys[j]
    local v = rawget(t, key)
    if v ~= nil then return key, v end
  end
  SNAP[t] = nil
  return nil
end

function d_pairs(t)
  local mt = dgetmetatable(t)
  if mt ~= nil and type(t) == "table" and rawget(mt, "__pairs") ~= nil then return pairs(t) end
  if type(t) ~= "table" then return pairs(t) end     -- the original raises the argument error
  local inner = FROZEN[t] or t                        -- (a load-time table: walk its contents)
  local keys, n = ordered_keys(inner)
  local i = 0
  return function()
    while i < n do
      i = i + 1
      local key = keys[i]
      local v = rawget(inner, key)
      if v ~= nil then return key, v end
    end
    return nil
  end, t, nil
end
end

local SAFE_COROUTINE = {
  create = s_cocreate, resume = s_coresume, wrap = s_cowrap, close = s_coclose, status = costatus,
  yield = coyield, running = corunning, isyieldable = coisyieldable,
}

---------------------------------------------------------------------------------------------------
-- Data crossing to Python.
--
-- Python never receives a Lua table or function after the bootstrap: wrapping one makes lupa
-- allocate in the Lua heap (luaL_ref) outside any protected call, and at the memory cap that
-- aborts the process ("PANIC: unprotected error in call to Lua API"). Data therefore crosses as
-- one flat stream of scalars, which is also one crossing instead of one per element:
--   a string, number or boolean is itself;  nil is `nil, false`;
--   a sequence (keys exactly 1..n) is `nil, n, v1, ..., vn`;
--   any other table is `nil, -n, k1, v1, ..., kn, vn` (integer keys, then string keys, ascending:
--   Lua's hash order depends on a per-runtime random seed and replays need a fixed order).
-- Only plain data is accepted: no metatables, no cycles, no functions (except in a loaded
-- script's own table, see define_body), valid UTF-8 strings, integer or string keys.
---------------------------------------------------------------------------------------------------
local PATH = {}                    -- key path of the value being encoded (for error messages)
local out, out_n = false, 0        -- the stream being built
local nodes = 0
local DATA_ERR = {}                -- error object of a data check failure (never reaches scripts)
local SYNTAX_ERR = {}              -- error object of a compile failure
local data_msg, data_path_n, syntax_msg = false, 0, false

local function data_fail(err, n)
  data_msg, data_path_n = err, n
  error(DATA_ERR, 0)
end

local function emit(v, d, st)
  local tv = type(v)
  if tv == "number" or tv == "boolean" then
    out_n = out_n + 1
    out[out_n] = v
    return
  end
  if tv == "string" then
    if #v > 4096 then charge(#v >> 4) end
    if not u_len(v) then data_fail("string is not valid UTF-8", d) end
    out_n = out_n + 1
    out[out_n] = v
    return
  end
  if tv == "nil" then
    out_n = out_n + 2        -- out[out_n - 1] stays nil
    out[out_n] = false
    return
  end
  if tv == "function" and st.fns then
    local info = getinfo(v, "S")
    if info.source ~= st.source then
      data_fail("only functions defined in this script can be stored in its table", d)
    end
    local fns = st.fns
    local i = #fns + 1
    fns[i] = v
    local path = {}
    for j = 1, d do path[j] = PATH[j] end
    st.paths[i], st.lines[i] = path, info.linedefined
    out_n = out_n + 1
    out[out_n] = false
    return
  end
  if tv ~= "table" then data_fail(tv .. " values are not allowed", d) end
  if d >= MAX_DATA_DEPTH then data_fail("tables nested deeper than " .. MAX_DATA_DEPTH, d) end
  local inner = FROZEN[v]
  if inner and rawget(dgetmetatable(v), "__plain") then v = inner end   -- a load-time table
  if dgetmetatable(v) ~= nil then data_fail("tables with metatables are not allowed", d) end
  local visiting = st.visiting
  if visiting[v] then data_fail("cycle: the table contains itself", d) end
  visiting[v] = true
  local d1 = d + 1
  -- Pass 1: check the keys, count them, and tell a sequence (keys exactly 1..n) from a map.
  local count, maxint, seq = 0, 0, true
  for k in next, v do
    count = count + 1
    nodes = nodes + 1
    PATH[d1] = k
    if nodes > MAX_NODES then data_fail("too many values (limit " .. MAX_NODES .. ")", d1) end
    local tk = type(k)
    if tk == "string" then
      if not u_len(k) then data_fail("key is not valid UTF-8", d1) end
      seq = false
    elseif tk == "number" and m_type(k) == "integer" then
      if k < 1 then seq = false elseif k > maxint then maxint = k end
    else
      data_fail((tk == "number" and "non-integer number" or tk) .. " keys are not allowed", d1)
    end
  end
  charge(count)
  local h = out_n + 2
  out_n = h                -- out[h - 1] stays nil: the table marker
  if seq and maxint == count then
    out[h] = count
    for i = 1, count do
      PATH[d1] = i
      emit(rawget(v, i), d1, st)
    end
  else
    out[h] = -count
    local ints, strs = {}, {}
    for k in next, v do
      if type(k) == "string" then strs[#strs + 1] = k else ints[#ints + 1] = k end
    end
    if #ints > 1 then t_sort(ints) end
    if #strs > 1 then t_sort(strs) end
    for pass = 1, 2 do
      local keys = pass == 1 and ints or strs
      for i = 1, #keys do
        local k = keys[i]
        PATH[d1] = k
        out_n = out_n + 1
        out[out_n] = k
        emit(rawget(v, k), d1, st)
      end
    end
  end
  visiting[v] = nil
end

-- Encode n values (host-method arguments, call results): the stream, PATH[1] = value index.
local function encode_values(n, ...)
  local vals = t_pack(...)
  local st = {visiting = {}}
  out, out_n, nodes = {}, 0, 0
  for i = 1, n do
    PATH[1] = i
    emit(vals[i], 1, st)
  end
  local stream, sn = out, out_n
  out, out_n = false, 0
  return stream, sn
end

local function path_text(first, last)
  local parts = {}
  for i = first, last do
    local k = PATH[i]
    if type(k) == "string" and s_find(k, "^[%a_][%w_]*$") then
      parts[#parts + 1] = (i > first and "." or "") .. k
    elseif type(k) == "string" then
      parts[#parts + 1] = "[" .. s_format("%q", k) .. "]"
    else
      parts[#parts + 1] = "[" .. tostring(k) .. "]"
    end
  end
  return t_concat(parts)
end

---------------------------------------------------------------------------------------------------
-- The host boundary.
---------------------------------------------------------------------------------------------------
local ABORT = cfg.abort  -- what a Python dispatcher returns when the host callable raised
local USAGE = cfg.usage  -- ... when it raised HostUsageError (followed by the message)

-- Results of a Python dispatcher: plain scalars, or (pack, n) for values Python built as Lua
-- objects with the memory cap lifted (a Lua table of the n results).
local function after_host(r1, ...)
  -- The count hook's next tick starts afresh: what the host did meanwhile (nested calls of other
  -- scripts, a decision asked and answered, however often it was looked at) must not shift where
  -- this script's ticks fall, or its charge would depend on it. (At most HOOK_COUNT - 1
  -- instructions go unseen per host call, which is charged HOST_CALL_COST, more than that.)
  sethook(hook, "", HOOK_COUNT)
  local t0 = host_t0
  if t0 then
    deadline = deadline + (os_clock() - t0)    -- time spent in the host is not the script's
    host_t0 = false
  end
  if rawequal(r1, ABORT) then
    -- The Python exception stays in Python (sandbox.py re-raises it from call()); the script
    -- only sees an uncatchable kill.
    killed, kill_kind = HOST_RAISED, "host"
    error(killed, 0)
  end
  if rawequal(r1, USAGE) then
    error((...), 2)   -- the script's mistake: an ordinary error at its calling line
  end
  if killed then error(killed, 0) end          -- a nested call used up the shared budget
  if type(r1) == "table" then return t_unpack(r1, 1, (...)) end
  return r1, ...
end

-- Check host-method arguments; returns "stream" when a table must be encoded, nil when all are
-- plain scalars, or an error message.
local function scan_args(n, ...)
  local stream = nil
  for i = 1, n do
    local v = select(i, ...)
    local tv = type(v)
    if tv == "string" then
      if #v > 4096 then charge(#v >> 4) end
      if not u_len(v) then return nil, i, "string is not valid UTF-8" end
    elseif tv == "table" then
      stream = "stream"
    elseif tv ~= "number" and tv ~= "boolean" and tv ~= "nil" then
      return nil, i, tv .. " values are not allowed"
    end
  end
  return stream
end

local CTXID = setmetatable({}, {__mode = "k"})   -- ctx table -> host context id, while valid
local METHODS = {}
for name, pair in next, HOST_METHODS do
  local pyfn, pyfn_stream = pair[1], pair[2]
  local function bad_argument(i, msg)
    error(s_format("bad argument #%d to '%s' (%s)", i, name, msg), 3)
  end
  METHODS[name] = function(self, ...)
    local id = CTXID[self]
    if id == nil then
      error("ctx:" .. name .. "() needs a valid ctx (call it as ctx:" .. name .. "(...))", 2)
    end
    local _, ismain = corunning()
    if not ismain then
      -- lupa issue #84: host objects must never be bound to a coroutine's lua_State.
      error("ctx:" .. name .. "() cannot be called from inside a coroutine", 2)
    end
    -- A host call does work the count hook never sees: each one is charged as HOST_CALL_COST
    -- instructions, so that one call of a script can make at most a bounded number of them
    -- (4,000 with the default budget) even when it catches every refusal with pcall.
    charge(HOST_CALL_COST)
    local n = select("#", ...)
    if n > 0 then
      local stream, bad, msg = scan_args(n, ...)
      if bad then bad_argument(bad, msg) end
      if stream then
        local ok, s, sn = pcall(encode_values, n, ...)
        if not ok then
          if rawequal(s, DATA_ERR) then
            local where = data_path_n > 1 and (" at " .. path_text(2, data_path_n)) or ""
            bad_argument(PATH[1], data_msg .. where)
          end
          error(s, 0)   -- a kill or a memory error: let it through
        end
        host_t0 = os_clock()
        return after_host(pyfn_stream(id, n, t_unpack(s, 1, sn)))
      end
    end
    host_t0 = os_clock()
    return after_host(pyfn(id, ...))
  end
end
HOST_METHODS = nil

-- ctx:NAME for a NAME that is no word of this game: an error at the script's line that names it
-- and the nearest word, instead of Lua's "attempt to call a nil value (method 'NAME')".
local function distance(a, b)
  local la, lb = #a, #b
  local row = {}
  for j = 0, lb do row[j] = j end
  for i = 1, la do
    local prev, ca = row[0], s_byte(a, i)
    row[0] = i
    for j = 1, lb do
      local cur = row[j]
      local cost = (ca == s_byte(b, j)) and 0 or 1
      local best = prev + cost
      if row[j] + 1 < best then best = row[j] + 1 end
      if row[j - 1] + 1 < best then best = row[j - 1] + 1 end
      row[j] = best
      prev = cur
    end
  end
  return row[lb]
end

setmetatable(METHODS, {__index = function(_, name)
  if type(name) ~= "string" then return nil end
  local hint, best = "", 3
  if #name <= 40 then
    for known in next, METHODS do
      local d = distance(name, known)
      if d < best or (d == best and hint ~= "" and known < hint) then best, hint = d, known end
    end
  end
  local shown = #name <= 40 and name or (s_sub(name, 1, 40) .. "...")
  if hint ~= "" then
    error(s_format("ctx:%s does not exist (did you mean ctx:%s?)", shown, hint), 2)
  end
  error(s_format("ctx:%s does not exist (see `rulestack describe` for this game's words)", shown), 2)
end})

local CTX_MT = {
  __index = METHODS,
  __newindex = function() error("ctx is read-only", 2) end,
  __metatable = false,
}

-- math.random with Lua 5.4 semantics on top of the host's random(m, n) (inclusive).
local TWO53 = 1 << 53
local function s_random(...)
  local na = select("#", ...)
  local lo, hi
  if na == 0 then
    lo, hi = 0, TWO53 - 1
  elseif na <= 2 then
    local a, b = ...
    local ia = m_tointeger(a)
    if ia == nil then
      error("bad argument #1 to 'random' (number has no integer representation)", 2)
    end
    if na == 1 then
      if ia == 0 then lo, hi = m_mininteger, m_maxinteger else lo, hi = 1, ia end
    else
      local ib = m_tointeger(b)
      if ib == nil then
        error("bad argument #2 to 'random' (number has no integer representation)", 2)
      end
      lo, hi = ia, ib
    end
    if lo > hi then error("bad argument #" .. na .. " to 'random' (interval is empty)", 2) end
  else
    error("wrong number of arguments to 'random'", 2)
  end
  local r
  if PY_RANDOM then
    host_t0 = os_clock()
    r = after_host(PY_RANDOM(lo, hi))
  else
    r = lua_random(lo, hi)
  end
  if na == 0 then return r / TWO53 end
  return r
end

local SAFE_MATH = {}
for k, v in next, MATH do SAFE_MATH[k] = v end
SAFE_MATH.random, SAFE_MATH.randomseed = s_random, nil

---------------------------------------------------------------------------------------------------
-- Lock the shared metatables and scrub the globals.
---------------------------------------------------------------------------------------------------
local strmt = getmetatable("")
strmt.__index = SAFE_STRING       -- the real string table exposes dump and the unguarded functions
strmt.__metatable = false         -- getmetatable("") -> false, and it cannot be replaced
local registry = getregistry()
if type(registry.POBJECT) == "table" then registry.POBJECT.__metatable = false end

for _, name in ipairs {"io", "os", "package", "require", "dofile", "loadfile", "loadstring", "load",
                       "collectgarbage", "python", "debug", "print", "newproxy", "getfenv", "setfenv",
                       "jit", "ffi", "module", "string", "table", "math", "utf8", "coroutine"} do
  _G[name] = nil                  -- _G[...] and not `name = nil`: these names are also locals here
end
if type(registry._LOADED) == "table" then
  for k in next, registry._LOADED do registry._LOADED[k] = nil end
end
_G.debug = {traceback = traceback}   -- lupa looks up the global debug.traceback as message handler

---------------------------------------------------------------------------------------------------
-- Script environments and the runner.
---------------------------------------------------------------------------------------------------
local HANDLERS = {}   -- script id -> {function, ..., source = chunk name} (its table's functions)
local ENVS = {}       -- script id -> environment (for wiping a script that hoards memory)
local BASES = {}      -- script id -> the base layer of its environment (libraries, load-time globals)
local LIBS = {}       -- script id -> its library proxies
local ACTIVE = {}     -- script id -> how many of its frames are running
local USED = {}       -- script id -> {this turn, this game}: instructions its own calls used

-- Clear what the calls of a script wrote into its globals and library proxies (no allocation:
-- this runs in finish(), also at the memory cap).
local function reset_globals(sid)
  local h = HANDLERS[sid]
  local upv = h and h.upv
  if upv then   -- the top-level locals, as the script's load left them (see settle_env)
    local setupvalue = cfg.setupvalue
    for i = 1, upv.n, 3 do setupvalue(upv[i], upv[i + 1], upv[i + 2]) end
  end
  local env = ENVS[sid]
  if env and next(env) ~= nil then
    for k in next, env do env[k] = nil end
  end
  local libs = LIBS[sid]
  if libs then
    for i = 1, #libs do
      local proxy = libs[i]
      if next(proxy) ~= nil then
        for k in next, proxy do proxy[k] = nil end
      end
    end
  end
end

local function copy(t)
  local c = {}
  for k, v in next, t do c[k] = v end
  return c
end

-- A script's environment has two layers. The base holds the libraries and what the script's
-- top-level code defined at load time (its helper functions and constants). The environment
-- itself (what _G and _ENV are) starts empty and reads through to the base; whatever a call
-- writes into it (a global) is cleared when the call ends, so nothing a script keeps in a global
-- survives its call (issue 11: card state lives in the host's state, e.g. ctx:remember).
-- Library tables are per-script proxies of the guarded libraries; writes into them are cleared
-- the same way.
local new_env, settle_env
do
local LIBS_SAFE = {string = SAFE_STRING, table = SAFE_TABLE, math = SAFE_MATH, utf8 = SAFE_UTF8,
                   coroutine = SAFE_COROUTINE}
local LIB_NAMES = {"coroutine", "math", "string", "table", "utf8"}
local LIB_MT = {}
for i = 1, #LIB_NAMES do
  LIB_MT[LIB_NAMES[i]] = {__index = LIBS_SAFE[LIB_NAMES[i]], __metatable = false}
end

-- A write into a table the script built at load time: a named error at the script's line.
local function refuse_write(_, k)
  local key = type(k) == "string" and ("'" .. s_sub(k, 1, 40) .. "'") or s_tostring(k)
  error("cannot change a table the script built at load time (key " .. key .. "): a card keeps "
    .. "its state in the game, with ctx:remember", 1)
end
local function frozen_len(t) return #FROZEN[t] end
local function f_rawget(t, k) return rawget(FROZEN[t] or t, k) end
local function f_rawlen(t) return rawlen(FROZEN[t] or t) end
local function f_rawset(t, k, v)
  if FROZEN[t] then refuse_write(t, k) end
  return rawset(t, k, v)
end

-- Make a load-time table read-only: its contents move to a private table the proxy (the table
-- itself, so every reference to it stays valid) reads through to.
local function freeze(t)
  local inner = {}
  for k, v in next, t do inner[k] = v end
  for k in next, inner do rawset(t, k, nil) end
  local omt = dgetmetatable(t)
  local pmt = {__index = inner, __newindex = refuse_write, __len = frozen_len, __plain = true}
  if omt then
    -- Its own metamethods keep working, called with the read-only table (never the contents).
    for k, v in next, omt do pmt[k] = v end
    local oi = rawget(omt, "__index")
    pmt.__index = oi == nil and inner or function(self, k)
      local v = rawget(inner, k)
      if v ~= nil then return v end
      if type(oi) == "function" then return oi(self, k) end
      return oi[k]
    end
    pmt.__newindex, pmt.__mode, pmt.__plain = refuse_write, nil, nil
    if rawget(omt, "__len") == nil then pmt.__len = frozen_len end
  end
  pmt.__metatable = omt and rawget(omt, "__metatable") or false
  dsetmetatable(t, pmt)
  FROZEN[t] = inner
end

-- Everything a script's load-time values reach: the upvalues of its own functions (snapshot as
-- {function, index, value} triples, each shared upvalue once) and its tables (frozen).
local function seal(roots, nroots, source, skip)
  local getupvalue, upvalueid = cfg.getupvalue, cfg.upvalueid
  local seen, upv, n, tables, nt = {}, {}, 0, {}, 0
  local stack, top = roots, nroots
  while top > 0 do
    local v = stack[top]
    stack[top] = nil
    top = top - 1
    local tv = type(v)
    if (tv == "function" or tv == "table") and not seen[v] and not skip[v] then
      seen[v] = true
      if tv == "function" then
        if getinfo(v, "S").source == source then
          local i = 1
          while true do
            local name, val = getupvalue(v, i)
            if name == nil then break end
            local id = upvalueid(v, i)
            if name ~= "_ENV" and not seen[id] then
              seen[id] = true
              upv[n + 1], upv[n + 2], upv[n + 3] = v, i, val
              n = n + 3
              top = top + 1
              stack[top] = val
            end
            i = i + 1
          end
        end
      elseif not FROZEN[v] then
        nt = nt + 1
        tables[nt] = v
        for k, x in next, v do
          stack[top + 1], stack[top + 2] = k, x
          top = top + 2
        end
      end
    end
  end
  for i = 1, nt do freeze(tables[i]) end
  upv.n = n
  return upv
end

function new_env()
  local base = {
    assert = assert, error = error, ipairs = ipairs, next = d_next, pairs = d_pairs, select = select,
    tonumber = tonumber, tostring = s_tostring, type = type,
    rawget = f_rawget, rawset = f_rawset, rawequal = rawequal, rawlen = f_rawlen,
    pcall = s_pcall, xpcall = s_xpcall, setmetatable = s_setmetatable, getmetatable = getmetatable,
    _VERSION = _G._VERSION,
  }
  local libs = {}
  for i = 1, #LIB_NAMES do
    local name = LIB_NAMES[i]
    local proxy = setmetatable({}, LIB_MT[name])
    base[name], libs[i] = proxy, proxy
  end
  local env = setmetatable({}, {__index = base, __metatable = false})
  base._G = env
  return env, base, libs
end

-- After load: what the top-level code defined becomes part of the base (its library additions
-- go into a private copy of that library).
-- Then the script's load-time state is sealed (issue 11): every table its functions and globals
-- reach becomes read-only, and its top-level locals are put back after each call (returns the
-- snapshot reset_globals restores from). `fns` are its returned functions.
function settle_env(env, base, libs, source, fns)
  local roots, nroots = {}, 0
  for k, v in next, env do
    base[k] = v
    nroots = nroots + 1
    roots[nroots] = v
  end
  for k in next, env do env[k] = nil end
  for i = 1, #fns do nroots = nroots + 1; roots[nroots] = fns[i] end
  local skip = {[env] = true, [base] = true}
  for i = 1, #libs do skip[libs[i]] = true end
  for i = 1, #libs do
    local proxy = libs[i]
    if next(proxy) ~= nil then
      local own = copy(LIBS_SAFE[LIB_NAMES[i]])
      for k, v in next, proxy do own[k] = v end
      for k in next, own do proxy[k] = nil end
      dsetmetatable(proxy, {__index = own, __metatable = false})
      nroots = nroots + 1   -- what the script added to a library is load-time state too
      roots[nroots] = own
    end
  end
  return seal(roots, nroots, source, skip)
end
end

-- Error messages must be valid UTF-8 before they reach Python (lupa decodes every string).
local function utf8_safe(s)
  if u_len(s) then return s end
  return (s_gsub(s, "[\128-\255]", function(c) return s_format("\\x%02X", s_byte(c)) end))
end

-- Local names of the wrapped originals -> their library names (for argument error messages).
local RENAME = {cocreate = "to 'create'", coresume = "to 'resume'", coclose = "to 'close'"}
for _, name in ipairs {"s_byte", "s_sub", "s_find", "s_gsub", "s_format", "s_rep", "s_match", "s_gmatch",
                       "s_upper", "s_lower", "s_reverse", "s_char", "s_len", "t_concat", "t_insert",
                       "t_remove", "t_move", "t_sort", "t_unpack", "t_pack", "m_tointeger", "u_len",
                       "u_codepoint", "u_offset", "u_char", "u_codes"} do
  RENAME[name] = "to '" .. s_sub(name, 3) .. "'"
end

-- Message handler of the runner: find the script line of the error, and re-point errors raised
-- inside this file (argument errors of wrapped C functions) at the script line that called them.
local function msgh(e)
  local from_boot = type(e) == "string" and s_sub(e, 1, #BOOT_PREFIX) == BOOT_PREFIX
  for level = 2, 64 do
    local info = getinfo(level, "Sl")
    if not info then break end
    if info.what ~= "C" and info.source ~= BOOT_SOURCE then
      if info.source == cur_source then err_line = info.currentline end
      if from_boot then
        e = info.short_src .. ":" .. info.currentline .. ": " .. s_gsub(e, "^[^\n]-:%d+: ", "", 1)
        from_boot = false
      end
      break
    end
  end
  if type(e) == "string" then
    if from_boot then   -- no script frame left (a tail call replaced it): drop our position
      e = s_gsub(e, "^[^\n]-:%d+: ", "", 1)
    end
    -- Argument errors name the wrapper's local (s_rep, t_concat, ...): use the library name.
    e = utf8_safe((s_gsub(e, "to '([%w_]+)'", RENAME)))
  end
  return e
end

local streamed = false   -- the running frame's results are an encoded stream

local function results(...)
  local n = select("#", ...)
  if n == 0 then return end
  local vals = n > 3 and t_pack(...)
  for i = 1, n do
    local v
    if vals then v = vals[i] else v = select(i, ...) end
    local tv = type(v)
    if tv == "string" then
      if not u_len(v) then PATH[1] = i; data_fail("string is not valid UTF-8", 1) end
    elseif tv ~= "number" and tv ~= "boolean" and tv ~= "nil" then
      local stream, sn = encode_values(n, ...)
      streamed = true
      return n, t_unpack(stream, 1, sn)
    end
  end
  return ...
end

local function invoke(fn, ctxid, packed, ...)
  local ctx
  if ctxid ~= nil then
    ctx = setmetatable({}, CTX_MT)
    CTXID[ctx] = ctxid
    SAVE[depth * SLOTS + 7] = ctx
  end
  if packed then           -- arguments Python built as Lua objects: (pack, n)
    if ctx then return results(fn(ctx, t_unpack(packed, 1, (...)))) end
    return results(fn(t_unpack(packed, 1, (...))))
  end
  if ctx then return results(fn(ctx, ...)) end
  return results(fn(...))
end

local function enter(shared, source, sid)
  local d = depth + 1
  depth = d
  local b = d * SLOTS
  SAVE[b + 1], SAVE[b + 2], SAVE[b + 3], SAVE[b + 4] = budget, deadline, killed, kill_kind
  SAVE[b + 5], SAVE[b + 6], SAVE[b + 7], SAVE[b + 8] = host_t0, shared, false, cur_source
  SAVE[b + 9] = sid
  if sid then ACTIVE[sid] = ACTIVE[sid] + 1 end   -- the key exists since load: no allocation
  local now = os_clock()
  if shared then
    -- A call made by a host method shares the caller's budget; the host time so far is not the
    -- script's.
    if host_t0 then deadline = deadline + (now - host_t0) end
  else
    budget, deadline = INSTRUCTION_LIMIT, now + CPU_SECONDS
  end
  killed, kill_kind, host_t0, cur_source, err_line, streamed = false, false, false, source, false, false
  sethook(hook, "", HOOK_COUNT)   -- ticks from this call's first instruction, at any depth
end

local function finish_data(n, ...)
  if n == 0 then return false, "data", data_msg, ... end
  return finish_data(n - 1, PATH[n], ...)
end

-- Leave the frame: restore the outer state (no allocation: this also runs at the memory cap)
-- and report: true, results... | "stream", n, stream... | false, kind, message, line|path...
local function finish(ok, ...)
  local d = depth
  local b = d * SLOTS
  local ctx = SAVE[b + 7]
  if ctx then CTXID[ctx] = nil; SAVE[b + 7] = false end
  local sid = SAVE[b + 9]
  if sid then
    SAVE[b + 9] = false
    local n = ACTIVE[sid] - 1
    ACTIVE[sid] = n
    if n == 0 then reset_globals(sid) end
    if not SAVE[b + 6] then   -- its own budget: charge what it used to the script's allowances
      local used = INSTRUCTION_LIMIT - budget
      local u = USED[sid]
      if used > 0 and u then u[1], u[2] = u[1] + used, u[2] + used end
    end
  end
  local kind, msg, line, was_streamed = kill_kind, killed, err_line, streamed
  local inner_budget, inner_deadline = budget, deadline
  budget, deadline, killed, kill_kind = SAVE[b + 1], SAVE[b + 2], SAVE[b + 3], SAVE[b + 4]
  host_t0, cur_source = SAVE[b + 5], SAVE[b + 8]
  local shared = SAVE[b + 6]
  SAVE[b + 8] = false
  depth = d - 1
  streamed = false
  if shared then
    budget, deadline, host_t0 = inner_budget, inner_deadline, os_clock()
    if kind == "limit" and not killed then killed, kill_kind = msg, "limit" end
  end
  if d == 1 then sethook() end
  if kind then return false, kind, msg, line end
  if ok then
    if was_streamed then return "stream", ... end
    return true, ...
  end
  local e = ...
  if rawequal(e, DATA_ERR) then
    -- false, "data", message, path keys...
    local n = data_path_n
    local a, b2, c = PATH[1], PATH[2], PATH[3]
    if n == 0 then return false, "data", data_msg end
    if n == 1 then return false, "data", data_msg, a end
    if n == 2 then return false, "data", data_msg, a, b2 end
    if n == 3 then return false, "data", data_msg, a, b2, c end
    return finish_data(n)
  end
  if rawequal(e, SYNTAX_ERR) then return false, "syntax", syntax_msg, false end
  if rawequal(e, MEMERR) then return false, "memory", e, line end
  local te = type(e)
  if te == "string" or te == "number" then return false, "error", e, line end
  if te == "userdata" then return false, "host", HOST_RAISED, line end   -- see fatal_error
  return false, "error", false, line    -- never call __tostring of an error object
end

local function run(sid, idx, shared, ctxid, packed, ...)
  if depth >= MAX_DEPTH then return false, "nesting", "calls nested too deeply", false end
  local h = HANDLERS[sid]
  local fn = h and h[idx]
  if fn == nil then return false, "gone", "script is not loaded", false end
  if not shared then
    -- Each card pays for itself over time too: a card that burns just under its per-call budget
    -- in every condition or value it is asked for is stopped by name.
    local u = USED[sid]
    if u[1] > cfg.turn_allowance then
      return false, "limit", s_format("used more than its allowance of %d instructions this turn "
        .. "(its conditions and values included)", cfg.turn_allowance), false
    end
    if u[2] > cfg.game_allowance then
      return false, "limit", s_format("used more than its allowance of %d instructions this game "
        .. "(its conditions and values included)", cfg.game_allowance), false
    end
  end
  enter(shared, h.source, sid)
  return finish(xpcall(invoke, msgh, fn, ctxid, packed, ...))
end

local function define_body(sid, src, file)
  local source = "=" .. file
  cur_source = source
  local env, base, libs = new_env()
  local chunk, err = load(src, source, "t", env)     -- "t": never binary chunks
  if not chunk then
    if rawequal(err, MEMERR) then die(MEMERR, "memory") end
    syntax_msg = utf8_safe(err)
    error(SYNTAX_ERR, 0)
  end
  local r = chunk()
  if type(r) ~= "table" then
    data_fail("the script must return a table (it returned " .. type(r) .. ")", 0)
  end
  local fns = {source = source}
  local st = {source = source, fns = fns, paths = {}, lines = {}, visiting = {}}
  out, out_n, nodes = {}, 0, 0
  emit(r, 0, st)
  -- Then the functions: count, and for each its line, the path length and the path keys.
  local paths, lines = st.paths, st.lines
  local n = out_n + 1
  out[n] = #paths
  for i = 1, #paths do
    local path = paths[i]
    out[n + 1], out[n + 2] = lines[i], #path
    n = n + 2
    for j = 1, #path do n = n + 1; out[n] = path[j] end
  end
  local stream = out
  out, out_n = false, 0
  fns.upv = settle_env(env, base, libs, source, fns)
  HANDLERS[sid], ENVS[sid], BASES[sid], LIBS[sid], ACTIVE[sid] = fns, env, base, libs, 0
  fns.reload = {chunk, paths}   -- what reset needs to run the chunk again
  USED[sid] = {0, 0}
  return t_unpack(stream, 1, n)
end

-- define(sid, src, file), or define(sid, pack) with pack = {src, file} built by Python.
local function define(sid, src, file)
  if depth >= MAX_DEPTH then return false, "nesting", "calls nested too deeply", false end
  if type(src) == "table" then src, file = src[1], src[2] end
  enter(false, false, false)
  return finish(xpcall(define_body, msgh, sid, src, file))
end

-- Restore the state of frame `target` after a runner failed outside its protected call (only
-- possible at the memory cap); sandbox.py disarms the hook first.
local function unwind(target)
  while depth > target do
    local b = depth * SLOTS
    local ctx = SAVE[b + 7]
    if ctx then CTXID[ctx] = nil; SAVE[b + 7] = false end
    budget, deadline, killed, kill_kind = SAVE[b + 1], SAVE[b + 2], SAVE[b + 3], SAVE[b + 4]
    host_t0, cur_source = SAVE[b + 5], SAVE[b + 8]
    local sid = SAVE[b + 9]
    if sid then
      SAVE[b + 9] = false
      ACTIVE[sid] = ACTIVE[sid] - 1
      if ACTIVE[sid] == 0 then reset_globals(sid) end
    end
    depth = depth - 1
  end
  out, out_n, streamed = false, 0, false
  if depth == 0 then sethook() end
  return depth
end

local function wipe(sid)
  local env, base = ENVS[sid], BASES[sid]
  if env then for k in next, env do env[k] = nil end end
  if base then for k in next, base do base[k] = nil end end
  HANDLERS[sid], ENVS[sid], BASES[sid], LIBS[sid] = nil, nil, nil, nil
end

-- Run a loaded script's chunk again in its emptied environment, without compiling it again: its
-- globals and top-level locals are as just loaded, and its functions are the new closures. The
-- environment keeps its two layers (see new_env): the base is refilled in place with fresh
-- libraries, the chunk runs again, and what it defines settles into the base as at load time.

TRUSTED[run], TRUSTED[define], TRUSTED[enter], TRUSTED[finish] = true, true, true, true
TRUSTED[msgh], TRUSTED[unwind], TRUSTED[finish_data], TRUSTED[reset_globals] = true, true, true, true

local api = {run = run, define = define, unwind = unwind, wipe = wipe, sethook = sethook}

-- (Built in a function of its own: the main chunk is at Lua's limit of 200 local variables.)
api.reset = (function()
local function reset_body(sid)
  local env, base, fns = ENVS[sid], BASES[sid], HANDLERS[sid]
  local chunk, paths = fns.reload[1], fns.reload[2]
  for k in next, env do env[k] = nil end
  for k in next, base do base[k] = nil end
  local _, fresh, libs = new_env()
  for k, v in next, fresh do base[k] = v end
  base._G = env
  LIBS[sid] = libs
  local r = chunk()
  for i = 1, #paths do
    local node, path = r, paths[i]
    for j = 1, #path do
      if type(node) ~= "table" then error("the script returned another table when run again", 0) end
      node = node[path[j]]
    end
    if type(node) ~= "function" then error("the script returned another table when run again", 0) end
    fns[i] = node
  end
  fns.upv = settle_env(env, base, libs, fns.source, fns)
  return true
end

return function(sid)
  if depth ~= 0 then return false, "nesting", "cannot reset a script while a call is running", false end
  local h = HANDLERS[sid]
  if not (h and h.reload) then return false, "gone", "script is not loaded", false end
  enter(false, h.source, false)
  return finish(xpcall(reset_body, msgh, sid))
end
end)()
TRUSTED[api.reset] = true

-- A new turn (or game, with game_too): the scripts' allowances start again.
function api.new_turn(game_too)
  for _, u in next, USED do
    u[1] = 0
    if game_too then u[2] = 0 end
  end
end
TRUSTED[api.new_turn] = true

-- A look-ahead that is undone (rulestack.search's Trial) gives back the allowance it used:
-- usage_mark() keeps a copy of every script's usage and returns its number; usage_rollback(n)
-- puts that copy back and forgets it and every later mark.
api.usage_mark, api.usage_rollback = (function()
  local marks = {}
  local function mark()
    local snap = {}
    for sid, u in next, USED do snap[sid] = { u[1], u[2] } end
    marks[#marks + 1] = snap
    return #marks
  end
  local function rollback(n)
    local snap = marks[n]
    if snap == nil then return false end
    for sid, u in next, snap do
      local cur = USED[sid]
      if cur ~= nil then cur[1], cur[2] = u[1], u[2] end
    end
    for i = #marks, n, -1 do marks[i] = nil end
    return true
  end
  return mark, rollback
end)()
TRUSTED[api.usage_mark], TRUSTED[api.usage_rollback] = true, true

-- A fork of a game (rulestack.fork) starts with its parent's usage: usage_get() lists the scripts
-- that used some of their allowances as "sid turn game" entries separated by ";", and
-- usage_put(list) makes the usage of every script the list's (ids of this sandbox; 0 for the
-- scripts it does not name).
function api.usage_get()
  local out, n = {}, 0
  for sid, u in next, USED do
    if u[1] ~= 0 or u[2] ~= 0 then
      n = n + 1
      out[n] = sid .. " " .. u[1] .. " " .. u[2]
    end
  end
  return t_concat(out, ";")
end
function api.usage_put(list)
  for _, u in next, USED do u[1], u[2] = 0, 0 end
  for sid, turn, game in s_gmatch(list, "(%d+) (%d+) (%d+)") do
    local u = USED[tonumber(sid)]
    if u ~= nil then u[1], u[2] = tonumber(turn), tonumber(game) end
  end
end
TRUSTED[api.usage_get], TRUSTED[api.usage_put] = true, true

return api
