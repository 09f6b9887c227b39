-- GET /health: the trivial route every other route is compared with.
dofile(debug.getinfo(1, "S").source:sub(2):match("(.*/)") .. "common.lua")
function init(args) load_games(args) end
function request() return wrk.format("GET", "/health") end
