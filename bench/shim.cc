// bench/shim.cc — the C face over Google Benchmark declared in shim.h.
//
// sw_bench_state is never defined: a pointer to it is a benchmark::State* in disguise. Strings
// handed to the framework are copied into storage owned here, so C callers may pass stack buffers.
#include "shim.h"

#include <benchmark/benchmark.h>

#include <deque>
#include <mutex>
#include <string>

namespace
{

benchmark::State &state_of(sw_bench_state *st) { return *reinterpret_cast<benchmark::State *>(st); }
const benchmark::State &state_of(const sw_bench_state *st) { return *reinterpret_cast<const benchmark::State *>(st); }

// Owned copies of names and error messages; a deque never moves its elements, so c_str() stays valid
// until exit whatever the framework keeps (a pointer or a copy).
std::deque<std::string> &strings()
{
	static std::deque<std::string> s;
	return s;
}
std::mutex strings_lock;

const char *keep(const char *s)
{
	std::lock_guard<std::mutex> g(strings_lock);
	strings().emplace_back(s ? s : "");
	return strings().back().c_str();
}

} // namespace

extern "C" int sw_bench_register(const char *name, sw_bench_fn fn, void *arg)
{
	if (!name || !fn)
		return -1;
	benchmark::internal::Benchmark *b = benchmark::RegisterBenchmark(
		keep(name), [fn, arg](benchmark::State &st) { fn(reinterpret_cast<sw_bench_state *>(&st), arg); });
	return b ? 0 : -1;
}

extern "C" int sw_bench_register_real_time(const char *name, sw_bench_fn fn, void *arg)
{
	if (!name || !fn)
		return -1;
	benchmark::internal::Benchmark *b = benchmark::RegisterBenchmark(
		keep(name), [fn, arg](benchmark::State &st) { fn(reinterpret_cast<sw_bench_state *>(&st), arg); });
	if (b)
		b->UseRealTime();
	return b ? 0 : -1;
}

extern "C" int sw_bench_keep_running(sw_bench_state *st) { return state_of(st).KeepRunning() ? 1 : 0; }

extern "C" int64_t sw_bench_iterations(const sw_bench_state *st)
{
	return static_cast<int64_t>(state_of(st).iterations());
}

extern "C" void sw_bench_set_items_processed(sw_bench_state *st, int64_t items)
{
	state_of(st).SetItemsProcessed(items);
}

extern "C" void sw_bench_counter(sw_bench_state *st, const char *name, double value)
{
	state_of(st).counters[name] = benchmark::Counter(value);
}

extern "C" void sw_bench_rate_counter(sw_bench_state *st, const char *name, double value)
{
	state_of(st).counters[name] = benchmark::Counter(value, benchmark::Counter::kIsRate);
}

extern "C" void sw_bench_pause_timing(sw_bench_state *st) { state_of(st).PauseTiming(); }

extern "C" void sw_bench_resume_timing(sw_bench_state *st) { state_of(st).ResumeTiming(); }

extern "C" void sw_bench_skip_with_error(sw_bench_state *st, const char *msg) { state_of(st).SkipWithError(keep(msg)); }

extern "C" int sw_bench_error_occurred(const sw_bench_state *st) { return state_of(st).error_occurred() ? 1 : 0; }

extern "C" void sw_bench_context(const char *key, const char *value)
{
	if (key && value)
		benchmark::AddCustomContext(key, value);
}

extern "C" int sw_bench_run(int argc, char **argv)
{
	benchmark::Initialize(&argc, argv);
	if (benchmark::ReportUnrecognizedArguments(argc, argv))
		return 1;
	benchmark::RunSpecifiedBenchmarks();
	benchmark::Shutdown();
	return 0;
}
