#include "verify/cli/failure_status.hpp"

#include <filesystem>
#include <new>
#include <string>
#include <system_error>

#include "verify/cli/terminal_text.hpp"
#include "verify/io/errors.hpp"

namespace nb::cli {
namespace {

int internal_error(const std::string& what, std::ostream& err) {
  err << "normbound: internal error: " << terminal_safe(what) << "\n"
      << "normbound should have named the input or option at fault; please report this with the command "
         "line and the input files that caused it.\n";
  return kExitInternal;
}

}  // namespace

int report_failure(const std::exception_ptr& failure, std::ostream& err) {
  try {
    std::rethrow_exception(failure);
  } catch (const UsageError& e) {
    err << "normbound: " << terminal_safe(e.what()) << "\n";
    return kExitUsage;
  } catch (const InputError& e) {
    err << "normbound: bad input: " << terminal_safe(e.what()) << "\n";
    return kExitData;
  } catch (const OutputError& e) {
    err << "normbound: cannot create output: " << terminal_safe(e.what()) << "\n";
    return kExitCantCreate;
  } catch (const WriteError& e) {
    err << "normbound: write failed: " << terminal_safe(e.what()) << "\n";
    return kExitIo;
  } catch (const std::filesystem::filesystem_error& e) {
    err << "normbound: file system error: " << terminal_safe(e.what()) << "\n";
    return kExitIo;
  } catch (const std::bad_alloc&) {
    err << "normbound: out of memory while running the command; run fewer or smaller cases, or give normbound "
           "more memory\n";
    return kExitOsError;
  } catch (const std::system_error& e) {
    // std::thread and process creation report a refusal of the system this way.
    if (e.code() != std::errc::resource_unavailable_try_again && e.code() != std::errc::not_enough_memory)
      return internal_error(e.what(), err);
    err << "normbound: the system refused a thread or process (" << terminal_safe(e.what())
        << "); give fewer --threads, or raise the limit on processes (ulimit -u)\n";
    return kExitOsError;
  } catch (const std::exception& e) {
    return internal_error(e.what(), err);
  } catch (...) {
    return internal_error("an exception that is not a std::exception", err);
  }
}

}  // namespace nb::cli
