#!/usr/bin/env bash
# Starts any of the machine's event-target services that is down (see docs/testing.md).
# Each check is a TCP probe on loopback; the start commands are the machine's own.
# Prints one line per service; never fails the caller (tests decide what a missing service means).
set -u

# etcd (distributed mode): tests start their own members (test/server/helpers/etcd-cluster.ts),
# so only the binary is needed; no system etcd is started.
ensure_etcd() {
  if [ -x /usr/bin/etcd ]; then echo "services: etcd installed"; return; fi
  if [ "$(id -u)" != 0 ]; then echo "services: etcd missing and installing it needs root"; return; fi
  if apt-get update -qq >/dev/null 2>&1 &&
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq etcd-server >/dev/null 2>&1; then
    echo "services: etcd installed ($(/usr/bin/etcd --version 2>/dev/null | head -1))"
  else
    echo "services: etcd missing and apt-get install etcd-server failed"
  fi
}

probe() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

ensure() {
  local name=$1 port=$2; shift 2
  if probe "$port"; then echo "services: $name up on :$port"; return; fi
  if ! command -v "$1" >/dev/null 2>&1; then echo "services: $name down and not installed"; return; fi
  echo "services: starting $name"
  "$@" >/dev/null 2>&1 || true
  for _ in $(seq 1 30); do probe "$port" && { echo "services: $name up on :$port"; return; }; sleep 1; done
  echo "services: $name did not come up on :$port"
}

ensure postgresql 5432 pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql 2>/dev/null | head -1)" main start
ensure redis 6379 redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" --appendonly no --dir /var/lib/redis --logfile /var/log/redis/ci.log
ensure rabbitmq 5672 rabbitmq-server -detached
ensure mosquitto 1883 mosquitto -d -c /etc/mosquitto/mosquitto.conf
ensure nats 4222 start-stop-daemon --start --oknodo --background --exec /usr/sbin/nats-server -- -a 127.0.0.1 -p 4222 -js -sd /var/lib/nats-server -l /var/log/nats-server.log
ensure mariadb 3306 start-stop-daemon --start --oknodo --background --exec /usr/sbin/mariadbd
ensure_etcd
exit 0
