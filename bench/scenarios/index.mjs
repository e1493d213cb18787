// Every scenario, in the order the report shows them. A new scenario is a file in this
// folder exporting {name, title, description, run(ctx)} and one line here.
import bundleSize from './bundle-size.mjs'
import cluster from './cluster.mjs'
import erasureCodec from './erasure-codec.mjs'
import erasureServer from './erasure-server.mjs'
import eventsDelivery from './events-delivery.mjs'
import eventsEnqueueCost from './events-enqueue-cost.mjs'
import eventsPutLatency from './events-put-latency.mjs'
import hashing from './hashing.mjs'
import lifecycle from './lifecycle.mjs'
import loopbackHttp from './loopback-http.mjs'
import presign from './presign.mjs'
import scaling from './scaling.mjs'
import sdkGet from './sdk-get.mjs'
import sdkObjectsAtScale from './sdk-objects-at-scale.mjs'
import sdkPut from './sdk-put.mjs'
import sdkSigning from './sdk-signing.mjs'
import select from './select.mjs'
import serverPutGet from './server-put-get.mjs'
import sse from './sse.mjs'
import versioning from './versioning.mjs'

export const SCENARIOS = [
  sdkPut,
  sdkGet,
  sdkObjectsAtScale,
  serverPutGet,
  scaling,
  erasureServer,
  cluster,
  sse,
  versioning,
  lifecycle,
  select,
  presign,
  sdkSigning,
  bundleSize,
  eventsPutLatency,
  eventsEnqueueCost,
  eventsDelivery,
  loopbackHttp,
  hashing,
  erasureCodec,
]
