# Sourced by client.sh and load.sh: where the server and the load generators run.
# PIN=1 puts the server on core 0 and the load generators on core 1 (wrk -t1, one Salvo loop
# thread), the way a load generator runs on a machine of its own; by default they share every
# core (wrk -t$(nproc), one Salvo loop thread per core).
# Sets ON_SERVER and ON_CLIENT (command prefixes), THREADS and LAYOUT (a description).
if [ "${PIN:-0}" = 1 ]; then
  ON_SERVER=(taskset -c 0); ON_CLIENT=(taskset -c 1); THREADS=1; LAYOUT="server on core 0, load generators on core 1"
else
  ON_SERVER=(); ON_CLIENT=(); THREADS=$(nproc); LAYOUT="server and load generators sharing $(nproc) cores"
fi
