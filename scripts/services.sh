#!/usr/bin/env bash
# Make sure the services the tests use are running: PostgreSQL on 127.0.0.1:5432 and Redis on
# 127.0.0.1:6379. Starts a stopped one with the machine's own commands; fails loudly (exit 1)
# when a service cannot be had — the tests that need it would fail anyway, never skip.
set -uo pipefail

pg_up() { pg_isready -q -h 127.0.0.1 -p 5432 2>/dev/null; }
redis_up() { redis-cli -h 127.0.0.1 -p 6379 ping 2>/dev/null | grep -q PONG; }

if ! pg_up; then
    echo "services: PostgreSQL is not answering on 127.0.0.1:5432; starting it" >&2
    if command -v pg_ctlcluster >/dev/null && [ -d /etc/postgresql ]; then
        pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -n1)" main start || true
    fi
    for _ in $(seq 1 30); do pg_up && break; sleep 1; done
fi
if ! redis_up; then
    echo "services: Redis is not answering on 127.0.0.1:6379; starting it" >&2
    if command -v redis-server >/dev/null; then
        mkdir -p /var/lib/redis /var/log/redis 2>/dev/null || true
        redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" \
            --appendonly no --dir /var/lib/redis --logfile /var/log/redis/ci.log || true
    fi
    for _ in $(seq 1 30); do redis_up && break; sleep 1; done
fi

status=0
pg_up || { echo "services: FAILED: PostgreSQL cannot be started (the server tests need it)" >&2; status=1; }
redis_up || { echo "services: FAILED: Redis cannot be started (the server tests need it)" >&2; status=1; }
[ $status -eq 0 ] && echo "services: PostgreSQL and Redis are up"
exit $status
