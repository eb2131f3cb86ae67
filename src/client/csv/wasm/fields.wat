;; Field counts of a chunk of CSV that holds no quote and no backslash, 16 bytes at a time (WebAssembly SIMD).
;; The record scanner (record-scanner.ts) calls it for chunks outside quotes and keeps its own dialect state machine
;; for everything else: this is only its fast path, and it gives up (returns 1) whenever the dialect would need more.
;;
;; scan(len, sep, expected, seps) reads bytes [0, len) of memory; `seps` is the number of delimiters already seen in the
;; record that is open at the chunk's start. Returns
;;   0: every record that ends in the chunk has `expected` fields; globals hold the result:
;;      $records (records ended), $last (index of the last LF, or -1), $seps (delimiters in the record left open);
;;   1: the chunk holds a quote or a backslash, or a record with another field count (a blank line too): the caller
;;      scans it with the state machine, which says exactly what is wrong, from the same state.
(module
  (memory (export "memory") 2)
  (global $records (export "records") (mut i32) (i32.const 0))
  (global $last (export "last") (mut i32) (i32.const -1))
  (global $seps (export "seps") (mut i32) (i32.const 0))
  (func (export "scan") (param $len i32) (param $sep i32) (param $expected i32) (param $s i32) (result i32)
    (local $i i32) (local $v v128) (local $vsep v128) (local $vlf v128) (local $vq v128) (local $vbs v128)
    (local $sm i32) (local $lm i32) (local $p i32) (local $below i32) (local $rec i32) (local $last i32) (local $c i32)
    (local.set $vsep (i8x16.splat (local.get $sep)))
    (local.set $vlf (i8x16.splat (i32.const 10)))
    (local.set $vq (i8x16.splat (i32.const 34)))
    (local.set $vbs (i8x16.splat (i32.const 92)))
    (local.set $last (i32.const -1))
    (block $done
      (loop $blocks
        (br_if $done (i32.gt_u (i32.add (local.get $i) (i32.const 16)) (local.get $len)))
        (local.set $v (v128.load (local.get $i)))
        (if (i8x16.bitmask (v128.or (i8x16.eq (local.get $v) (local.get $vq)) (i8x16.eq (local.get $v) (local.get $vbs))))
          (then (return (i32.const 1))))
        (local.set $sm (i8x16.bitmask (i8x16.eq (local.get $v) (local.get $vsep))))
        (local.set $lm (i8x16.bitmask (i8x16.eq (local.get $v) (local.get $vlf))))
        (block $nolf
          (loop $lfs
            (br_if $nolf (i32.eqz (local.get $lm)))
            (local.set $p (i32.ctz (local.get $lm)))
            (local.set $below (i32.sub (i32.shl (i32.const 1) (local.get $p)) (i32.const 1)))
            (local.set $s (i32.add (local.get $s) (i32.popcnt (i32.and (local.get $sm) (local.get $below)))))
            ;; the record ends here: it must have `expected` fields
            (if (i32.ne (i32.add (local.get $s) (i32.const 1)) (local.get $expected)) (then (return (i32.const 1))))
            (local.set $rec (i32.add (local.get $rec) (i32.const 1)))
            (local.set $last (i32.add (local.get $i) (local.get $p)))
            (local.set $s (i32.const 0))
            ;; drop the delimiters up to and including the LF, and the LF
            (local.set $sm (i32.and (local.get $sm) (i32.xor (i32.or (local.get $below) (i32.shl (i32.const 1) (local.get $p))) (i32.const -1))))
            (local.set $lm (i32.and (local.get $lm) (i32.sub (local.get $lm) (i32.const 1))))
            (br $lfs)))
        (local.set $s (i32.add (local.get $s) (i32.popcnt (local.get $sm))))
        (local.set $i (i32.add (local.get $i) (i32.const 16)))
        (br $blocks)))
    ;; the tail, a byte at a time
    (block $end
      (loop $bytes
        (br_if $end (i32.ge_u (local.get $i) (local.get $len)))
        (local.set $c (i32.load8_u (local.get $i)))
        (if (i32.or (i32.eq (local.get $c) (i32.const 34)) (i32.eq (local.get $c) (i32.const 92))) (then (return (i32.const 1))))
        (if (i32.eq (local.get $c) (local.get $sep)) (then (local.set $s (i32.add (local.get $s) (i32.const 1)))))
        (if (i32.eq (local.get $c) (i32.const 10))
          (then
            (if (i32.ne (i32.add (local.get $s) (i32.const 1)) (local.get $expected)) (then (return (i32.const 1))))
            (local.set $rec (i32.add (local.get $rec) (i32.const 1)))
            (local.set $last (local.get $i))
            (local.set $s (i32.const 0))))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (br $bytes)))
    (global.set $records (local.get $rec))
    (global.set $last (local.get $last))
    (global.set $seps (local.get $s))
    (i32.const 0)))
