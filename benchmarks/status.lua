-- POST /api/games/:id/status for player one, round-robin over this thread's games.
dofile(debug.getinfo(1, "S").source:sub(2):match("(.*/)") .. "common.lua")
function init(args) load_games(args) end
function request()
  local game = mine[(issued % #mine) + 1]
  issued = issued + 1
  return wrk.format("POST", "/api/games/" .. game[1] .. "/status", headers, '{"playerId":"' .. game[2] .. '"}')
end
