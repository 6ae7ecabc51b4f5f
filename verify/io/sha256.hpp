#pragma once
// SHA-256 (OpenSSL's libcrypto) fed piece by piece, so that an input file is hashed while it is
// read (results record the SHA-256 of every input file) rather than read a second time.
#include <cstddef>
#include <string>

struct evp_md_ctx_st;

namespace nb {

class Sha256 {
 public:
  Sha256();
  ~Sha256();
  Sha256(const Sha256&) = delete;
  Sha256& operator=(const Sha256&) = delete;

  // Appends `size` bytes at `data` to the message.
  void update(const void* data, std::size_t size);
  // The lower-case hex SHA-256 of the bytes appended; call once, after the last update.
  std::string hex_digest();

 private:
  evp_md_ctx_st* context_;
};

}  // namespace nb
