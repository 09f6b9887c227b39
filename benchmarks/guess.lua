-- POST /api/games/:id/guess, legal guesses only: round-robin over this thread's games; the
-- v-th visit of a game is player one's shot when v is even, player two's when odd, at that
-- player's (v/2)-th cell in row order. Up to 32 visits a game: 16 shots can never end it.
dofile(debug.getinfo(1, "S").source:sub(2):match("(.*/)") .. "common.lua")
function init(args) load_games(args) end
function request()
  local game = mine[(issued % #mine) + 1]
  local visit = math.floor(issued / #mine)
  issued = issued + 1
  local player = (visit % 2 == 0) and game[2] or game[3]
  local cell = math.floor(visit / 2)
  return wrk.format("POST", "/api/games/" .. game[1] .. "/guess", headers,
    '{"playerId":"' .. player .. '","xPos":' .. (cell % 10) .. ',"yPos":' .. math.floor(cell / 10) .. '}')
end
