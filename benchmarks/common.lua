-- Shared by the wrk scripts: loads the games file (args[1]) and gives each wrk thread its
-- own games out of the slice of repetition args[2] of args[3], so no game is reused.
local counter = 1

function setup(thread)
  thread:set("id", counter)
  counter = counter + 1
end

function load_games(args)
  dofile(args[1])
  local run, runs = tonumber(args[2]), tonumber(args[3])
  local per_run = math.floor(#games / runs)
  mine = {}
  for index = run * per_run + 1, (run + 1) * per_run do
    if index % 2 == id % 2 then table.insert(mine, games[index]) end
  end
  issued = 0
  headers = { ["Content-Type"] = "application/json" }
end
