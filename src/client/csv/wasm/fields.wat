;; Field counts of CSV outside quotes, 16 bytes at a time (WebAssembly SIMD): the record scanner's fast path
;; (record-scanner.ts), which keeps its own dialect state machine for everything else.
;;
;; scan(len, sep, expected, seps) reads bytes [0, len) of memory, which start outside quotes with `seps` delimiters
;; already seen in the open record. It counts records while each is plain: no quote, no backslash, `expected` fields.
;; Returns
;;   0: the whole chunk was plain; $records records ended in it, the last LF at $last (-1: none), and the record left
;;      open has $seps delimiters;
;;   1: it stopped at byte $stop (a quote or backslash, or the LF of a record with another field count, a blank line
;;      too); $records and $last count the records that ended before the stop. The scanner's state machine reads on
;;      from $last + 1 (or from the start when $last is -1), which says exactly what the bytes at $stop are.
(module
  (memory (export "memory") 2)
  (global $records (export "records") (mut i32) (i32.const 0))
  (global $last (export "last") (mut i32) (i32.const -1))
  (global $seps (export "seps") (mut i32) (i32.const 0))
  (global $stop (export "stop") (mut i32) (i32.const -1))
  (func (export "scan") (param $len i32) (param $sep i32) (param $expected i32) (param $s i32) (result i32)
    (local $i i32) (local $v v128) (local $vsep v128) (local $vlf v128) (local $vq v128) (local $vbs v128)
    (local $sm i32) (local $lm i32) (local $qm i32) (local $p i32) (local $below i32) (local $rec i32) (local $last i32)
    (local $c i32)
    (local.set $vsep (i8x16.splat (local.get $sep)))
    (local.set $vlf (i8x16.splat (i32.const 10)))
    (local.set $vq (i8x16.splat (i32.const 34)))
    (local.set $vbs (i8x16.splat (i32.const 92)))
    (local.set $last (i32.const -1))
    (block $stopped
      (block $done
        (loop $blocks
          (br_if $done (i32.gt_u (i32.add (local.get $i) (i32.const 16)) (local.get $len)))
          (local.set $v (v128.load (local.get $i)))
          (local.set $qm (i8x16.bitmask (v128.or (i8x16.eq (local.get $v) (local.get $vq)) (i8x16.eq (local.get $v) (local.get $vbs)))))
          (local.set $sm (i8x16.bitmask (i8x16.eq (local.get $v) (local.get $vsep))))
          (local.set $lm (i8x16.bitmask (i8x16.eq (local.get $v) (local.get $vlf))))
          ;; with a quote or backslash in the block, only the LFs before it are this path's
          (if (local.get $qm)
            (then (local.set $lm (i32.and (local.get $lm) (i32.sub (i32.shl (i32.const 1) (i32.ctz (local.get $qm))) (i32.const 1))))))
          (block $nolf
            (loop $lfs
              (br_if $nolf (i32.eqz (local.get $lm)))
              (local.set $p (i32.ctz (local.get $lm)))
              (local.set $below (i32.sub (i32.shl (i32.const 1) (local.get $p)) (i32.const 1)))
              (local.set $s (i32.add (local.get $s) (i32.popcnt (i32.and (local.get $sm) (local.get $below)))))
              ;; the record ends here: it must have `expected` fields
              (if (i32.ne (i32.add (local.get $s) (i32.const 1)) (local.get $expected))
                (then (global.set $stop (i32.add (local.get $i) (local.get $p))) (br $stopped)))
              (local.set $rec (i32.add (local.get $rec) (i32.const 1)))
              (local.set $last (i32.add (local.get $i) (local.get $p)))
              (local.set $s (i32.const 0))
              ;; drop the delimiters up to and including the LF, and the LF
              (local.set $sm (i32.and (local.get $sm) (i32.xor (i32.or (local.get $below) (i32.shl (i32.const 1) (local.get $p))) (i32.const -1))))
              (local.set $lm (i32.and (local.get $lm) (i32.sub (local.get $lm) (i32.const 1))))
              (br $lfs)))
          (if (local.get $qm) (then (global.set $stop (i32.add (local.get $i) (i32.ctz (local.get $qm)))) (br $stopped)))
          (local.set $s (i32.add (local.get $s) (i32.popcnt (local.get $sm))))
          (local.set $i (i32.add (local.get $i) (i32.const 16)))
          (br $blocks)))
      ;; the tail, a byte at a time
      (block $end
        (loop $bytes
          (br_if $end (i32.ge_u (local.get $i) (local.get $len)))
          (local.set $c (i32.load8_u (local.get $i)))
          (if (i32.or (i32.eq (local.get $c) (i32.const 34)) (i32.eq (local.get $c) (i32.const 92)))
            (then (global.set $stop (local.get $i)) (br $stopped)))
          (if (i32.eq (local.get $c) (local.get $sep)) (then (local.set $s (i32.add (local.get $s) (i32.const 1)))))
          (if (i32.eq (local.get $c) (i32.const 10))
            (then
              (if (i32.ne (i32.add (local.get $s) (i32.const 1)) (local.get $expected))
                (then (global.set $stop (local.get $i)) (br $stopped)))
              (local.set $rec (i32.add (local.get $rec) (i32.const 1)))
              (local.set $last (local.get $i))
              (local.set $s (i32.const 0))))
          (local.set $i (i32.add (local.get $i) (i32.const 1)))
          (br $bytes)))
      (global.set $records (local.get $rec))
      (global.set $last (local.get $last))
      (global.set $seps (local.get $s))
      (global.set $stop (i32.const -1))
      (return (i32.const 0)))
    (global.set $records (local.get $rec))
    (global.set $last (local.get $last))
    (i32.const 1)))
