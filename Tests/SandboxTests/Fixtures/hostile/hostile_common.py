"""Shared by the hostile fixture bots (see README.md in this folder).

- `Bot`: a correct protocol loop (bots/PROTOCOL.md) with hooks for the attacks; it fires
  legal shots: first at `self.targets` (cells it believes hold ships), then 0..99 in order.
- `report(attack, ok, detail)`: the one `ATTACK <name> SUCCEEDED|BLOCKED <detail>` line.
- Where a cheater looks: `output_folders()` (the run's folder: journal, database, logs),
  `runner_processes()`, `listening_ports()`, `journal_games()`, `http_json()`.

Every program also runs unsandboxed (the tests prove each attack is real there), so nothing
here assumes either world. No bytecode is written next to the programs.
"""
import sys

sys.dont_write_bytecode = True

import glob
import http.client
import json
import os
import time

SIZE = 10


# ---------------------------------------------------------------- reporting

def report(attack, ok, detail=""):
    """Writes exactly one `ATTACK` line for one attempt and flushes stderr."""
    detail = " ".join(str(detail).split())[:300] or "-"
    sys.stderr.write("ATTACK %s %s %s\n" % (attack, "SUCCEEDED" if ok else "BLOCKED", detail))
    sys.stderr.flush()


def info(text):
    """An informational stderr line (never an ATTACK line)."""
    sys.stderr.write(" ".join(str(text).split())[:500] + "\n")
    sys.stderr.flush()


def describe(error):
    """`PermissionError: [Errno 13] ...`: the text an ATTACK detail carries."""
    return "%s: %s" % (type(error).__name__, error)


def say(line):
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


# ---------------------------------------------------------------- the protocol loop

class Bot:
    """Plays correctly. Subclasses override the hooks; `on_turn` may return a cell (x, y)."""

    name = "hostile"

    def __init__(self):
        self.first, self.seed, self.game = True, 0, 0
        self.reset()

    def reset(self):
        self.turn = 0            # your-turn messages seen in this game
        self.fired = []          # cells fired, in order
        self.hits = set()        # cells of ours that hit
        self.hit_on_us = set()   # cells where the opponent hit our ships
        self.targets = []        # cells to fire at first (e.g. the opponent's ships, stolen)

    # Hooks
    def on_hello(self): pass
    def on_new_game(self): pass
    def on_turn(self): return None
    def on_result(self, cell, outcome): pass
    def on_opponent_shot(self, cell, outcome): pass
    def on_game_over(self, outcome): pass
    def on_quit(self): pass

    def next_cell(self):
        """The first unfired target, else an unfired neighbour of a hit, else the first unfired
        cell in row order: always legal."""
        done = set(self.fired)
        for cell in self.targets:
            if cell not in done and 0 <= cell[0] < SIZE and 0 <= cell[1] < SIZE:
                return cell
        for (x, y) in sorted(self.hits, key=lambda c: (c[1], c[0])):
            for cell in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                if cell not in done and 0 <= cell[0] < SIZE and 0 <= cell[1] < SIZE:
                    return cell
        for i in range(SIZE * SIZE):
            if (i % SIZE, i // SIZE) not in done:
                return (i % SIZE, i // SIZE)
        return (0, 0)

    def run(self):
        for raw in sys.stdin:
            words = raw.split()
            if not words:
                continue
            kind = words[0]
            if kind == "salvo":
                self.on_hello()
                say("name " + self.name)
            elif kind == "new-game":
                self.reset()
                self.game += 1
                self.first = len(words) > 3 and words[3] == "first"
                self.seed = int(words[4]) if len(words) > 4 and words[4].isdigit() else 0
                self.on_new_game()
                say("ready")
            elif kind == "your-turn":
                cell = self.on_turn()
                if cell is None or tuple(cell) in set(self.fired):
                    cell = self.next_cell()
                cell = tuple(cell)
                self.fired.append(cell)
                self.turn += 1
                say("shot %d %d" % cell)
            elif kind in ("result", "opponent-shot") and len(words) >= 4:
                cell, outcome = (int(words[1]), int(words[2])), words[3]
                if kind == "result":
                    if outcome in ("hit", "sunk"):
                        self.hits.add(cell)
                    self.on_result(cell, outcome)
                else:
                    if outcome in ("hit", "sunk"):
                        self.hit_on_us.add(cell)
                    self.on_opponent_shot(cell, outcome)
            elif kind == "game-over":
                self.on_game_over(words[1] if len(words) > 1 else "")
            elif kind == "quit":
                self.on_quit()
                return
        self.on_quit()


def best_cell(fleets, fired):
    """The unfired cell that holds a ship in the most candidate fleets (sets of cells)."""
    done, score = set(fired), {}
    for cells in fleets:
        for cell in cells:
            if cell not in done:
                score[cell] = score.get(cell, 0) + 1
    if not score:
        return None
    return max(sorted(score), key=lambda c: score[c])


# ---------------------------------------------------------------- processes

def pids():
    try:
        return sorted(int(p) for p in os.listdir("/proc") if p.isdigit())
    except OSError:
        return []


def cmdline(pid):
    try:
        with open("/proc/%d/cmdline" % pid, "rb") as f:
            return [a.decode("utf-8", "replace") for a in f.read().split(b"\0") if a]
    except OSError:
        return []


def parent_of(pid):
    try:
        with open("/proc/%d/stat" % pid) as f:
            return int(f.read().rsplit(")", 1)[1].split()[1])
    except (OSError, ValueError, IndexError):
        return 0


def is_sandbox_init(pid):
    """The namespace's pid 1 when it is our own parent: the sandbox's init (bwrap), not a victim."""
    return pid == 1 and os.getppid() == 1


def foreign_pids():
    """Every visible process that is not us, not our descendants and not the sandbox's init."""
    me, mine, result = os.getpid(), set(), []
    mine.add(me)
    table = {pid: parent_of(pid) for pid in pids()}
    changed = True
    while changed:
        changed = False
        for pid, parent in table.items():
            if parent in mine and pid not in mine:
                mine.add(pid)
                changed = True
    for pid in table:
        if pid not in mine and not is_sandbox_init(pid):
            result.append(pid)
    return result


def runner_processes():
    """Processes that look like the runner: our parent, then anything running salvo."""
    found = []
    parent = os.getppid()
    if parent > 0 and not is_sandbox_init(parent):
        found.append(parent)
    for pid in pids():
        if pid != os.getpid() and pid not in found and "salvo" in " ".join(cmdline(pid)).lower():
            found.append(pid)
    return found


def proc_cwd(pid):
    try:
        return os.readlink("/proc/%d/cwd" % pid)
    except OSError:
        return None


# ---------------------------------------------------------------- the run's output folder

RUN_FILES = ("journal.jsonl", "server.sqlite", "results.json", "salvo.lock")


def _is_output_folder(path):
    return any(os.path.isfile(os.path.join(path, name)) for name in RUN_FILES)


def _newest_first(folders):
    def age(folder):
        try:
            return -max(os.path.getmtime(os.path.join(folder, n)) for n in RUN_FILES
                        if os.path.exists(os.path.join(folder, n)))
        except ValueError:
            return 0
    return sorted(folders, key=age)


def output_folders():
    """Candidate run output folders, most likely first: what the runner has open, its
    `--output`, its cwd's reports/*, then cwd, $PWD, $OLDPWD, $HOME, relative paths, /tmp."""
    ordered = []

    def add(path):
        if path and os.path.isdir(path):
            real = os.path.realpath(path)
            if real not in ordered and _is_output_folder(real):
                ordered.append(real)

    def scan(root):
        if not root or not os.path.isdir(root):
            return
        add(root)
        batch = []
        for pattern in ("reports/*", "*", "*/*"):
            batch += glob.glob(os.path.join(glob.escape(root), pattern, "journal.jsonl"))
            batch += glob.glob(os.path.join(glob.escape(root), pattern, "server.sqlite"))
        for folder in _newest_first({os.path.dirname(p) for p in batch}):
            add(folder)

    for pid in runner_processes():
        try:  # files the runner holds open: the journal, the database, the logs
            for fd in os.listdir("/proc/%d/fd" % pid):
                target = os.readlink("/proc/%d/fd/%s" % (pid, fd))
                if os.path.basename(target) in RUN_FILES or target.endswith(".log"):
                    folder = os.path.dirname(target)
                    add(os.path.dirname(folder) if os.path.basename(folder) == "logs" else folder)
        except OSError:
            pass
        argv, cwd = cmdline(pid), proc_cwd(pid)
        for i, arg in enumerate(argv):
            if arg == "--output" and i + 1 < len(argv):
                add(os.path.join(cwd or "/", argv[i + 1]))
            elif arg.startswith("--output="):
                add(os.path.join(cwd or "/", arg.split("=", 1)[1]))
        scan(cwd)
    here = os.path.dirname(os.path.abspath(__file__))
    roots = [os.getcwd(), "/proc/self/cwd", os.environ.get("PWD"), os.environ.get("OLDPWD"),
             os.environ.get("HOME"), "..", "../..", "../../..", os.path.join(here, "../../../..")]
    for root in roots:
        scan(root)
    for folder in _newest_first({os.path.dirname(p) for p in
                                 glob.glob("/tmp/*/journal.jsonl") + glob.glob("/tmp/*/*/journal.jsonl")
                                 + glob.glob("/var/tmp/*/journal.jsonl")}):
        add(folder)
    return ordered


def searched_places():
    """A short description of where `output_folders` looked, for BLOCKED details."""
    return "cwd=%s runner=%s" % (os.getcwd(), runner_processes() or "none")


# ---------------------------------------------------------------- the journal and the server

def journal_games(path):
    """Games of a journal: dicts with index, gameId, server, creator, joiner, finished."""
    games = {}
    with open(path, "rb") as f:
        for raw in f:
            try:
                line = json.loads(raw)
            except ValueError:
                continue  # a line cut short
            kind, index = line.get("type"), line.get("index")
            if kind == "created":
                games[index] = {"index": index, "gameId": line.get("gameId"), "server": line.get("server"),
                                "creator": line.get("creatorPlayerId"), "joiner": None, "finished": False}
            elif kind == "joined" and index in games:
                games[index]["joiner"] = line.get("joinerPlayerId")
            elif kind == "finished":
                index = (line.get("game") or {}).get("index")
                if index in games:
                    games[index]["finished"] = True
    return list(games.values())


def listening_ports():
    """TCP ports in LISTEN state on loopback or any address, from /proc/net/tcp and tcp6."""
    ports = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        try:
            with open(table) as f:
                rows = f.read().splitlines()[1:]
        except OSError:
            continue
        for row in rows:
            fields = row.split()
            if len(fields) > 3 and fields[3] == "0A":
                address, port = fields[1].split(":")
                if address in ("0100007F", "00000000", "00000000000000000000000000000000",
                               "00000000000000000000000001000000", "0000000000000000FFFF00000100007F"):
                    ports.add(int(port, 16))
    return sorted(ports)


def http_json(url, method="GET", path="/", body=None, timeout=0.3):
    """(status, parsed JSON or text) of one request to `url` (`http://host:port`)."""
    hostport = url.split("://", 1)[-1].split("/", 1)[0]
    host, _, port = hostport.rpartition(":")
    connection = http.client.HTTPConnection(host or hostport, int(port or 80), timeout=timeout)
    try:
        data = None if body is None else json.dumps(body).encode()
        headers = {"Content-Type": "application/json"} if data is not None else {}
        connection.request(method, path, body=data, headers=headers)
        reply = connection.getresponse()
        text = reply.read().decode("utf-8", "replace")
        try:
            return reply.status, json.loads(text)
        except ValueError:
            return reply.status, text
    finally:
        connection.close()


def fleet_cells(fleet_json):
    """The cells of a fleet stored by the server (`{"ships":[{length, origin, orientation}]}`)."""
    cells = set()
    for ship in json.loads(fleet_json).get("ships", []):
        x, y = ship["origin"]["x"], ship["origin"]["y"]
        for step in range(ship["length"]):
            cells.add((x + step, y) if ship["orientation"] == "horizontal" else (x, y + step))
    return cells


def deadline(seconds):
    """A function telling whether `seconds` from now have passed."""
    end = time.monotonic() + seconds
    return lambda: time.monotonic() >= end
