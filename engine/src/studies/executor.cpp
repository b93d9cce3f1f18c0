#include "studies/executor.h"

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <exception>
#include <mutex>
#include <thread>

namespace mbw {

// the machine's hardware threads, at least one
int coreCount() { return std::max(1u, std::thread::hardware_concurrency()); }

// threads < 1: one per hardware thread
ThreadPoolExecutor::ThreadPoolExecutor(int threads)
    : threads_(threads < 1 ? coreCount() : threads) {}

// the executor in words, for the study's progress lines
std::string ThreadPoolExecutor::description() const {
  return std::to_string(threads_) + (threads_ == 1 ? " thread" : " threads");
}

void ThreadPoolExecutor::run(const std::vector<int>& jobs,
                             const std::function<std::string(int)>& work,
                             const std::function<void(int, const std::string&)>& done,
                             const std::function<bool()>& stop) {
  // the first failure, of a job or of done, stops the pool and is thrown once all threads end
  std::atomic<size_t> next{0};
  std::atomic<bool> stopping{false};
  // the results waiting for done, guarded with the first failure and the count of running threads
  std::mutex mutex;
  std::condition_variable finished;
  std::deque<std::pair<int, std::string>> results;
  std::exception_ptr failure;
  int running = 0;

  // each thread takes the next job until none is left or the study stops
  auto worker = [&] {
    for (;;) {
      const size_t k = next++;
      if (k >= jobs.size() || stopping) break;
      // the job's text, or its failure, which stops the others
      std::pair<int, std::string> result{jobs[k], {}};
      try {
        result.second = work(jobs[k]);
      } catch (...) {
        std::lock_guard<std::mutex> lock(mutex);
        if (!failure) failure = std::current_exception();
        stopping = true;
        break;
      }
      // the result queued for the calling thread
      std::lock_guard<std::mutex> lock(mutex);
      results.push_back(std::move(result));
      finished.notify_one();
    }
    // this thread ends
    std::lock_guard<std::mutex> lock(mutex);
    --running;
    finished.notify_one();
  };
  // no more than one thread per job
  const int count = static_cast<int>(std::min<size_t>(jobs.size(), static_cast<size_t>(threads_)));
  std::vector<std::thread> threads;
  running = count;
  for (int t = 0; t < count; ++t) threads.emplace_back(worker);

  // hand each result to done on this thread, and watch for the stop
  std::unique_lock<std::mutex> lock(mutex);
  while (running > 0 || !results.empty()) {
    // woken by a result or the last thread's end, else ten times a second to poll the stop
    finished.wait_for(lock, std::chrono::milliseconds(100),
                      [&] { return !results.empty() || running == 0; });
    while (!results.empty()) {
      std::pair<int, std::string> r = std::move(results.front());
      results.pop_front();
      // after a failure, results are dropped
      if (failure) continue;
      // done runs outside the lock, so that the workers can queue results meanwhile
      lock.unlock();
      std::exception_ptr error;
      try {
        done(r.first, r.second);
      } catch (...) {
        error = std::current_exception();
      }
      lock.lock();
      // a job may have failed while done ran: its failure came first
      if (error) {
        if (!failure) failure = error;
        stopping = true;
      }
    }
    if (!stopping && stop && stop()) stopping = true;
  }
  // the threads finish their current job; then the first failure, if any, goes to the caller
  lock.unlock();
  for (std::thread& t : threads) t.join();
  if (failure) std::rethrow_exception(failure);
}

}  // namespace mbw
