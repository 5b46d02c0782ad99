// The mapping a Redis or MySQL live view reads (`inspect --redis`/`--mysql` and their windows): a preset name or a
// mapping file, as resolveMapping() takes it, except that an unknown name that is no file either is refused listing the
// presets for that engine — the Redis ones; the MySQL ones and the table ones — rather than the table ones alone.
#pragma once

#include "livemapping.h"

#include <string>

namespace iw {

LiveMapping resolveRedisMapping(const std::string& nameOrFile);
LiveMapping resolveMysqlMapping(const std::string& nameOrFile);

} // namespace iw
